import { lazyNamed } from '@/lib/lazy';
import { NewsroomListPage } from './NewsroomListPage';

// The editor brings tiptap and ProseMirror (~150 kB gzipped) and the preview the news article page:
// each a chunk of its own, fetched from this one. The site's entry knows a single newsroom chunk,
// so the back office adds almost nothing to a listener's first load.
const NewsEditorPage = lazyNamed(() => import('./NewsEditorPage'), 'NewsEditorPage');
const NewsPreviewPage = lazyNamed(() => import('./NewsPreviewPage'), 'NewsPreviewPage');

export type NewsroomView = 'list' | 'editor' | 'preview';

/**
 * The newsroom's routes (app/routes.tsx): /a1redacao (the list), /a1redacao/nova and
 * /a1redacao/:id (the editor), /a1redacao/:id/previa (the preview).
 */
export function NewsroomPage({ view }: { view: NewsroomView }) {
  if (view === 'editor') return <NewsEditorPage />;
  if (view === 'preview') return <NewsPreviewPage />;
  return <NewsroomListPage />;
}
