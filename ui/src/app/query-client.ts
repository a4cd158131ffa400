import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from '@/features/auth/session-actions';
import { isUnauthorized } from '@/features/auth/session-messages';
import { huntInfoQueryOptions } from '@/features/hunt/api/hunt-api';
import { musicListInfiniteQueryOptions } from '@/features/music/api/get-music-list';
import { MUSIC_PAGE, NO_MUSIC_FILTERS } from '@/features/music/music';
import { singleNewsQueryOptions } from '@/features/news/api/news-api';
import { availableStreamsQueryOptions } from '@/features/player/api/live-api';
import { ApiError } from '@/lib/api';
import { appParametersQueryOptions } from '@/lib/app-parameters';
import type { InitialData } from '@/lib/initial-data';
import { getSession } from '@/lib/session';
import { stationQueryOptions } from '@/lib/station';

/** Client errors (4xx) are answers, not glitches: only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code >= 400 && error.code < 500) return false;
  return failureCount < 2;
}

/** A 401 on a protected query or mutation while logged in: the session is gone (doc1 §8, G11). */
export function onApiError(error: unknown): void {
  if (isUnauthorized(error) && getSession()) handleUnauthorized();
}

/**
 * A client whose cache starts with what the server wrote into the page (lib/initial-data.ts), as if
 * those queries had just returned: the first frame draws with it and nothing is asked again until
 * it is stale.
 */
export function createQueryClient(initial: InitialData = {}): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
  if (initial.huntInfo !== undefined) {
    client.setQueryData(huntInfoQueryOptions().queryKey, initial.huntInfo);
  }
  if (initial.station) {
    client.setQueryData(stationQueryOptions().queryKey, initial.station);
  }
  if (initial.appParameters) {
    client.setQueryData(appParametersQueryOptions().queryKey, initial.appParameters);
  }
  if (initial.streams) {
    client.setQueryData(availableStreamsQueryOptions().queryKey, initial.streams);
  }
  if (initial.newsItem) {
    client.setQueryData(singleNewsQueryOptions(initial.newsItem.slug).queryKey, initial.newsItem);
  }
  // The list pages on from the number of songs it holds: a first page of another size would skip
  // or repeat songs, so it is taken only when the server's page is the UI's.
  if (initial.musicList?.count === MUSIC_PAGE) {
    client.setQueryData(musicListInfiniteQueryOptions(NO_MUSIC_FILTERS).queryKey, {
      pages: [initial.musicList.items],
      pageParams: [0],
    });
  }
  return client;
}
