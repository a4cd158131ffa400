/** Renders the desk's routes at a path, with the address shown for assertions. */
import { Route, Routes, useLocation } from '@/lib/router';
import { render } from '@/test/render';
import { CatalogueHomePage } from '../CatalogueHomePage';
import { CatalogueListPage } from '../CatalogueListPage';
import { CatalogueEditorPage } from '../editor/CatalogueEditorPage';
import { SettingsPage } from '../settings/SettingsPage';

// A test helper, never hot-reloaded.
// eslint-disable-next-line react-refresh/only-export-components
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export function renderCatalogue(route: string) {
  return render(
    <>
      <Routes>
        <Route path="/a1catalogo" element={<CatalogueHomePage />} />
        <Route path="/a1catalogo/parametros" element={<SettingsPage />} />
        <Route path="/a1catalogo/:key" element={<CatalogueListPage />} />
        <Route path="/a1catalogo/:key/novo" element={<CatalogueEditorPage isNew />} />
        <Route path="/a1catalogo/:key/:id" element={<CatalogueEditorPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}
