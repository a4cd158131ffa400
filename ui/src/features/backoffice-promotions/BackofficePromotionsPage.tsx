import { lazyNamed } from '@/lib/lazy';
import { PromotionsListPage } from './PromotionsListPage';

// The editors bring tiptap and ProseMirror (~150 kB gzipped), like the newsroom's: each a chunk of
// its own, fetched from this one, so the site's entry knows a single desk chunk and a listener's
// first load carries nothing of the back office.
const PromotionEditorPage = lazyNamed(
  () => import('./editor/PromotionEditorPage'),
  'PromotionEditorPage',
);
const HuntEditorPage = lazyNamed(() => import('./hunts/HuntEditorPage'), 'HuntEditorPage');

export type PromotionsView = 'list' | 'promotion' | 'hunt';

/**
 * The desk's routes (app/routes.tsx): /a1promocoes (the lists), /a1promocoes/nova and
 * /a1promocoes/:id (the promotion editor), /a1promocoes/cacas/nova and /a1promocoes/cacas/:id (the
 * hunt editor).
 */
export function BackofficePromotionsPage({ view }: { view: PromotionsView }) {
  if (view === 'promotion') return <PromotionEditorPage />;
  if (view === 'hunt') return <HuntEditorPage />;
  return <PromotionsListPage />;
}
