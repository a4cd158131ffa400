import { IconPlaylistOff } from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { NotFoundState, StoredItem } from '@/features/backoffice/editor/EditorPage';
import { parseId } from '@/features/backoffice/form';
import { playlistQueryOptions } from '../api/schedule-api';
import { channelPath, MAIN_CHANNEL, PLAYLISTS_PATH, SCHEDULE_MESSAGES as M } from '../messages';
import { ScheduleGate, ScheduleRefusal } from '../ScheduleGate';
import { PlaylistEditor } from './PlaylistEditor';

const notFound = (
  <NotFoundState
    icon={IconPlaylistOff}
    title={M.playlistNotFound}
    backLabel={M.backToList}
    backTo={PLAYLISTS_PATH}
    data-testid="playlist-not-found"
  />
);

/**
 * /a1programacao/playlists/nova and /a1programacao/playlists/:id: the playlist editor, new or
 * stored. The kit's editor page, put together here rather than with createEditorPage, because the
 * new playlist's address is a value of the same `:id` (the server matches these pages by shape).
 */
export function PlaylistEditorPage({ id: rawId }: { id: string | undefined }) {
  const isNew = rawId === 'new';
  const id = isNew ? null : parseId(rawId);
  return (
    <PageFrame
      title={isNew ? M.newPlaylist : M.editPlaylist}
      breadcrumbs={[
        { label: M.title, to: channelPath(MAIN_CHANNEL) },
        { label: M.playlistsTitle, to: PLAYLISTS_PATH },
      ]}
      noindex
    >
      <ScheduleGate>
        {(userId) =>
          isNew ? (
            <PlaylistEditor key="new" userId={userId} draft={null} />
          ) : id === null ? (
            notFound
          ) : (
            <StoredItem
              key={id}
              options={playlistQueryOptions(userId, id)}
              refusal={(error) => <ScheduleRefusal error={error} />}
              notFound={notFound}
              errorTitle={M.playlistError}
              errorTestId="playlist-error"
              loadingLabel={M.loadingItem}
            >
              {(draft, onReload) => (
                <PlaylistEditor userId={userId} draft={draft} onReload={onReload} />
              )}
            </StoredItem>
          )
        }
      </ScheduleGate>
    </PageFrame>
  );
}
