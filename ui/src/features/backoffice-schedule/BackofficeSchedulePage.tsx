import { Navigate, useParams } from '@/lib/router';
import { SchedulePage } from './grid/SchedulePage';
import { PLAYLISTS_PATH } from './messages';
import { PlaylistEditorPage } from './playlists/PlaylistEditorPage';
import { PlaylistsListPage } from './playlists/PlaylistsListPage';

export type ScheduleView = 'grid' | 'playlist';

/** The words of the playlists' addresses that are not ids. */
const LIST = 'lista';
const NEW = 'nova';

/**
 * The desk's routes (app/routes.tsx), one chunk: /a1programacao/:streamId (a channel's grid;
 * /a1programacao/playlists goes to the list) and /a1programacao/playlists/:id, where 'lista' is the
 * playlists, 'nova' a new playlist and a number one playlist's editor. No rich text here, so unlike
 * the newsroom's editors the playlist editor needs no chunk of its own.
 */
export function BackofficeSchedulePage({ view }: { view: ScheduleView }) {
  const { streamId, id } = useParams();
  if (view === 'playlist') {
    if (id === LIST) return <PlaylistsListPage />;
    return <PlaylistEditorPage key={id} id={id === NEW ? 'new' : id} />;
  }
  if (streamId === 'playlists') return <Navigate to={PLAYLISTS_PATH} replace />;
  return <SchedulePage />;
}
