/** Component-test helpers: a fresh player on a scripted engine, and the live API's replies. */
import { vi } from 'vitest';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { Stream } from '@/generated/Stream';
import { resetLoginModal } from '@/features/auth/login-modal-store';
import { resetAnalytics } from '@/lib/analytics';
import { resetSession } from '@/lib/session';
import { setHeardOnAir } from '../heard-on-air';
import { resetPlayerRuntime, setPlayerEngineFactory } from '../player-runtime';
import { reloadVolumeFromStorage } from '../volume-store';
import { MAIN, nowPlaying, PUBLIC_STREAMS } from './fixtures';
import { ScriptedEngine } from './scripted-engine';

/**
 * Resets the page's player, session and modal; the next player runs on the returned engine
 * (`timeshift`: one that plays HLS, as the website's does).
 */
export function freshPlayer({ timeshift = false }: { timeshift?: boolean } = {}): ScriptedEngine {
  resetPlayerRuntime();
  resetSession();
  resetLoginModal();
  resetAnalytics();
  reloadVolumeFromStorage();
  setHeardOnAir(null);
  const engine = new ScriptedEngine({ timeshift });
  setPlayerEngineFactory(() => engine);
  return engine;
}

export const ON_AIR: NowPlaying = nowPlaying({
  song: 'Evidências',
  artist: 'Chitãozinho & Xororó',
  artistSlug: 'chitaozinho-e-xororo',
  album: 'Ao vivo',
  year: 1990,
  cover: { '1000': '/media/covers/evidencias-1000.jpg', '150': '/media/covers/evidencias-150.jpg' },
  time: '2026-11-22T10:04:00-03:00',
});

/** Twelve plays, newest first: ten songs to show, one commercial and one more song beyond. */
export const HISTORY: NowPlaying[] = Array.from({ length: 12 }, (_, index) =>
  nowPlaying({
    song: `Anterior ${index + 1}`,
    artist: `Artista ${index + 1}`,
    time: `2026-11-22T09:${String(59 - index * 4).padStart(2, '0')}:00-03:00`,
    metaType: index === 2 ? 'commercial' : 'music',
    cover: { '1000': `/c/${index}-1000.jpg`, '150': `/c/${index}-150.jpg` },
  }),
);

export function liveApi({
  streams = PUBLIC_STREAMS,
  onAir = ON_AIR,
  history = HISTORY,
}: { streams?: Stream[]; onAir?: NowPlaying; history?: NowPlaying[] } = {}) {
  return {
    '/api/v1/aovivo/getAvailableStreams': streams,
    [`/api/v1/aovivo/getCurrentSongInfo/${MAIN}`]: onAir,
    [`/api/v1/aovivo/getMetaHistory/${MAIN}`]: history,
  };
}

/** The URLs fetched so far whose path contains `part`. */
export function fetchedUrls(fetchMock: { mock: { calls: unknown[][] } }, part: string): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes(part));
}

/** Fake timers that also follow real time, so Testing Library's waits keep working. */
export function useLiveTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-22T13:04:30Z') });
}
