import { useQuery } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import { IconPlaylist } from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { formatCount, formatStaffDate } from '@/features/backoffice/format';
import {
  EmptyList,
  ListHead,
  ListSkeleton,
  NewButton,
  QueryList,
  RowCards,
  RowsTable,
  TitleLink,
} from '@/features/backoffice/list/ListParts';
import type { PlaylistSummary } from '@/generated/PlaylistSummary';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { playlistsQueryOptions } from '../api/schedule-api';
import {
  channelPath,
  MAIN_CHANNEL,
  NEW_PLAYLIST_PATH,
  playlistPath,
  SCHEDULE_MESSAGES as M,
} from '../messages';
import { ScheduleGate, ScheduleRefusal } from '../ScheduleGate';
import backoffice from '@/features/backoffice/Backoffice.module.css';

/** /a1programacao/playlists/lista: every playlist, a table at 1280 px and cards on a phone. */
export function PlaylistsListPage() {
  return (
    <PageFrame
      title={M.playlistsTitle}
      breadcrumbs={[{ label: M.title, to: channelPath(MAIN_CHANNEL) }]}
      description={M.playlistsDescription}
      noindex
    >
      <ScheduleGate>{(userId) => <Playlists userId={userId} />}</ScheduleGate>
    </PageFrame>
  );
}

function Playlists({ userId }: { userId: number }) {
  const wide = useBreakpoint().width >= BREAKPOINT_MD;
  const list = useQuery({
    ...playlistsQueryOptions(userId),
    // QueryList reads a page of items; the playlists come as one list.
    select: (items: PlaylistSummary[]) => ({ items }),
  });
  return (
    <div data-testid="playlists-desk">
      <ListHead>
        <span />
        <NewButton to={NEW_PLAYLIST_PATH} label={M.newPlaylist} />
      </ListHead>
      <QueryList
        query={list}
        refusal={(error) => <ScheduleRefusal error={error} />}
        skeleton={<ListSkeleton label={M.loading} data-testid="playlists-loading" />}
        errorTitle={M.playlistsError}
        errorTestId="playlists-error"
        empty={
          <EmptyList
            icon={IconPlaylist}
            title={M.playlistsEmpty}
            description={M.playlistsEmptyText}
            newTo={NEW_PLAYLIST_PATH}
            newLabel={M.newPlaylist}
            data-testid="playlists-empty"
          />
        }
      >
        {({ items }) =>
          wide ? (
            <RowsTable
              data-testid="playlists-table"
              head={
                <>
                  <th>{M.colName}</th>
                  <th>{M.colTracks}</th>
                  <th>{M.colUsedBy}</th>
                  <th>{M.colUpdated}</th>
                </>
              }
            >
              {items.map((playlist) => (
                <tr key={playlist.id} data-testid={`playlist-row-${playlist.id}`}>
                  <td>
                    <TitleLink to={playlistPath(playlist.id)}>{playlist.name}</TitleLink>
                    {playlist.description && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {playlist.description}
                      </Text>
                    )}
                  </td>
                  <td>{formatCount(playlist.tracks)}</td>
                  <td>{M.usedBy(playlist.usedBy)}</td>
                  <td>{formatStaffDate(playlist.updatedAt)}</td>
                </tr>
              ))}
            </RowsTable>
          ) : (
            <RowCards data-testid="playlists-cards">
              {items.map((playlist) => (
                <li
                  key={playlist.id}
                  className={backoffice.card}
                  data-testid={`playlist-row-${playlist.id}`}
                >
                  <div className={backoffice.cardBody}>
                    <TitleLink to={playlistPath(playlist.id)}>{playlist.name}</TitleLink>
                    <div className={backoffice.cardMeta}>
                      <span>{M.tracksCount(playlist.tracks)}</span>
                      <span>{M.usedBy(playlist.usedBy)}</span>
                      <span>{formatStaffDate(playlist.updatedAt)}</span>
                    </div>
                  </div>
                </li>
              ))}
            </RowCards>
          )
        }
      </QueryList>
    </div>
  );
}
