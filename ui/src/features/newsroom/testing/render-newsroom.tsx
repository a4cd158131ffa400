/** Renders the newsroom's routes at a path, with the address shown for assertions. */
import { renderRoutes } from '@/features/backoffice/testing/render-routes';
import { NewsEditorPage } from '../NewsEditorPage';
import { NewsPreviewPage } from '../NewsPreviewPage';
import { NewsroomListPage } from '../NewsroomListPage';

export function renderNewsroom(route: string) {
  return renderRoutes(
    {
      '/a1redacao': <NewsroomListPage />,
      '/a1redacao/nova': <NewsEditorPage />,
      '/a1redacao/:id': <NewsEditorPage />,
      '/a1redacao/:id/previa': <NewsPreviewPage />,
    },
    route,
  );
}
