/** Renders the newsroom's routes at a path, with the address shown for assertions. */
import { Route, Routes, useLocation } from '@/lib/router';
import { render } from '@/test/render';
import { NewsEditorPage } from '../NewsEditorPage';
import { NewsPreviewPage } from '../NewsPreviewPage';
import { NewsroomListPage } from '../NewsroomListPage';

// A test helper, never hot-reloaded.
// eslint-disable-next-line react-refresh/only-export-components
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export function renderNewsroom(route: string) {
  return render(
    <>
      <Routes>
        <Route path="/a1redacao" element={<NewsroomListPage />} />
        <Route path="/a1redacao/nova" element={<NewsEditorPage />} />
        <Route path="/a1redacao/:id" element={<NewsEditorPage />} />
        <Route path="/a1redacao/:id/previa" element={<NewsPreviewPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}
