/** Renders the desk's routes at a path, with the address shown for assertions. */
import { Route, Routes, useLocation } from '@/lib/router';
import { render } from '@/test/render';
import { PromotionEditorPage } from '../editor/PromotionEditorPage';
import { HuntEditorPage } from '../hunts/HuntEditorPage';
import { PromotionsListPage } from '../PromotionsListPage';

// A test helper, never hot-reloaded.
// eslint-disable-next-line react-refresh/only-export-components
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export function renderPromotions(route: string) {
  return render(
    <>
      <Routes>
        <Route path="/a1promocoes" element={<PromotionsListPage />} />
        <Route path="/a1promocoes/nova" element={<PromotionEditorPage />} />
        <Route path="/a1promocoes/:id" element={<PromotionEditorPage />} />
        <Route path="/a1promocoes/cacas/nova" element={<HuntEditorPage />} />
        <Route path="/a1promocoes/cacas/:id" element={<HuntEditorPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}
