/** Renders the desk's routes at a path, with the address shown for assertions. */
import { renderRoutes } from '@/features/backoffice/testing/render-routes';
import { PromotionEditorPage } from '../editor/PromotionEditorPage';
import { HuntEditorPage } from '../hunts/HuntEditorPage';
import { PromotionsListPage } from '../PromotionsListPage';

export function renderPromotions(route: string) {
  return renderRoutes(
    {
      '/a1promocoes': <PromotionsListPage />,
      '/a1promocoes/nova': <PromotionEditorPage />,
      '/a1promocoes/:id': <PromotionEditorPage />,
      '/a1promocoes/cacas/nova': <HuntEditorPage />,
      '/a1promocoes/cacas/:id': <HuntEditorPage />,
    },
    route,
  );
}
