/** Renders the desk's routes at a path, with the address shown for assertions. */
import { renderRoutes } from '@/features/backoffice/testing/render-routes';
import { CatalogueHomePage } from '../CatalogueHomePage';
import { CatalogueListPage } from '../CatalogueListPage';
import { CatalogueEditorPage } from '../editor/CatalogueEditorPage';
import { SettingsPage } from '../settings/SettingsPage';

export function renderCatalogue(route: string) {
  return renderRoutes(
    {
      '/a1catalogo': <CatalogueHomePage />,
      '/a1catalogo/parametros': <SettingsPage />,
      '/a1catalogo/:key': <CatalogueListPage />,
      '/a1catalogo/:key/novo': <CatalogueEditorPage isNew />,
      '/a1catalogo/:key/:id': <CatalogueEditorPage />,
    },
    route,
  );
}
