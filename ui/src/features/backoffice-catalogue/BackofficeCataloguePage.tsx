import { lazyNamed } from '@/lib/lazy';
import { CatalogueHomePage } from './CatalogueHomePage';
import { CatalogueListPage } from './CatalogueListPage';

// The editor brings tiptap and ProseMirror (~150 kB gzipped) for the rich-text fields, like the
// newsroom's and the promotions' editors: a chunk of its own, fetched from this one, so the site's
// entry knows a single desk chunk and a listener's first load carries nothing of the back office.
// The settings form shares the editor's upload pieces and is rarely opened: a chunk too.
const CatalogueEditorPage = lazyNamed(
  () => import('./editor/CatalogueEditorPage'),
  'CatalogueEditorPage',
);
const SettingsPage = lazyNamed(() => import('./settings/SettingsPage'), 'SettingsPage');

export type CatalogueView = 'home' | 'list' | 'new' | 'edit' | 'settings';

/**
 * The desk's routes (app/routes.tsx): /a1catalogo (the collections), /a1catalogo/parametros (the
 * station's parameters), /a1catalogo/:key (a list), /a1catalogo/:key/novo and /a1catalogo/:key/:id
 * (the generic editor).
 */
export function BackofficeCataloguePage({ view }: { view: CatalogueView }) {
  if (view === 'new') return <CatalogueEditorPage isNew />;
  if (view === 'edit') return <CatalogueEditorPage />;
  if (view === 'settings') return <SettingsPage />;
  if (view === 'list') return <CatalogueListPage />;
  return <CatalogueHomePage />;
}
