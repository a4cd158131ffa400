/**
 * The one player of the page and everything wired around it, outside React:
 *
 * - {@link getPlayerRuntime}: the {@link PlayerMachine} (with the engine from
 *   {@link setPlayerEngineFactory}: the HTML `<audio>` engine by default, the desktop app's native
 *   engine later), the now-playing service, the rating store and the preroll provider;
 * - {@link startPlayerServices}: now-playing polling and push, rating and Media Session following
 *   the item on air, listening analytics, volume, one-radio-per-browser across tabs, the touch
 *   unlock, and the `window.__ondaPlayer` test hook. Started once by `<PlayerHost />`.
 *
 * `window.__ondaPlayer.getSnapshot()` (read-only, for browser tests) returns {@link TestSnapshot}.
 */
import { Button } from '@mantine/core';
import type { NowPlaying } from '@/generated/NowPlaying';
import { handleUnauthorized } from '@/features/auth/session-actions';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { track } from '@/lib/analytics';
import { AD_WAIT_MAX_MS, PRO_BENEFITS_PATH, TIMESHIFT_STEP_MS } from '@/lib/constants';
import { getAuthToken, getSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { hideToast, toast } from '@/lib/toast';
import { getCurrentSongInfo, rateSong } from './api/live-api';
import { HtmlAudioEngine } from './engines/html-audio-engine';
import { isDesktop } from '@/lib/tauri-bridge';
import { DesktopEngine, listenToTray, trayTimeshiftSync } from './engines/desktop-engine';
import type { PlayerEngine } from './engines/types';
import { getHeardOnAir, subscribeHeardOnAir } from './heard-on-air';
import { ListeningTracker } from './listening-analytics';
import {
  bindMediaSession,
  metadataFor,
  setMediaSessionMetadata,
  setMediaSessionPosition,
  setMediaSessionSeeking,
  setMediaSessionState,
} from './media-session';
import { pageShowsPlayerNotices } from './message-place';
import { PLAYER_TEXT, RATING_TEXT, TIMESHIFT_TEXT } from './messages';
import { NowPlayingService } from './now-playing';
import { eventSourceOpener } from './now-playing-events';
import {
  isBehindLive,
  isLiveActive,
  PlayerMachine,
  type PlayerMessage,
  type PlayerSnapshot,
  type TimeshiftPosition,
  type TimeshiftState,
} from './player-machine';
import { createVastLoader, PrerollProvider } from './preroll';
import { RatingStore } from './rating';
import { getVolumeState, subscribeVolume, syncVolumeAcrossTabs } from './volume-store';

export interface PlayerRuntime {
  player: PlayerMachine;
  nowPlaying: NowPlayingService;
  rating: RatingStore;
  preroll: PrerollProvider;
  /** The engine's playback position on its current source (browser tests see audio advance). */
  position: { seconds: number | null };
}

/** What `window.__ondaPlayer.getSnapshot()` answers (browser tests). */
export interface TestSnapshot {
  status: PlayerSnapshot['status'];
  isLive: PlayerSnapshot['isLive'];
  shouldBePlaying: boolean;
  locked: boolean;
  streamId: string | null;
  src: string | null;
  error: string | null;
  stalled: boolean;
  retries: number;
  notice: string | null;
  ad: { phase: string; title: string } | null;
  queueIndex: number | null;
  nowPlaying: Pick<NowPlaying, 'metaId' | 'song' | 'artist' | 'metaType' | 'time'> | null;
  latencyMs: number | null;
  /** Seconds played of the current source, from the engine's progress events. */
  positionS: number | null;
  /** Timeshift: its state and where the listener is in the window; `null` when not offered. */
  timeshift: (TimeshiftState & { behind: boolean; position: TimeshiftPosition | null }) | null;
  /** Behind live: what was on air at the instant heard (the last answer). */
  heard:
    (Pick<NowPlaying, 'song' | 'artist' | 'metaType' | 'startedAtMs'> & { atMs: number }) | null;
}

declare global {
  interface Window {
    __ondaPlayer?: { readonly getSnapshot: () => TestSnapshot };
  }
}

// Inside the desktop app the native Rust player plays; on the website, an <audio> element.
let engineFactory: () => PlayerEngine = () =>
  isDesktop() ? new DesktopEngine() : new HtmlAudioEngine();
let runtime: PlayerRuntime | null = null;
let navigateTo: ((path: string) => void) | null = null;

/** The desktop app (and tests) plug their engine in here, before the player is first used. */
export function setPlayerEngineFactory(factory: () => PlayerEngine): void {
  engineFactory = factory;
}

/** In-app navigation for links inside toasts (which render outside the router). */
export function setPlayerNavigator(navigate: ((path: string) => void) | null): void {
  navigateTo = navigate;
}

/** The 'Seja um assinante!' button of the PRO notice, to /vantagens-da-assinatura-pro. */
function subscribeButton(toastId: () => string) {
  return (
    <Button
      component="a"
      href={PRO_BENEFITS_PATH}
      size="compact-sm"
      variant="gradient"
      mt={8}
      onClick={(event) => {
        hideToast(toastId());
        if (!navigateTo) return;
        event.preventDefault();
        navigateTo(PRO_BENEFITS_PATH);
      }}
    >
      {PLAYER_TEXT.subscribe}
    </Button>
  );
}

/** The toast of the player's last error, while it is shown. */
let errorToast: string | null = null;

/**
 * An error's text as a toast, unless the live page shows the player's texts itself
 * (message-place.ts): one place for one failure.
 */
function showPlayerError(text: string) {
  hidePlayerErrorToast();
  if (pageShowsPlayerNotices()) return;
  errorToast = toast.error(text);
}

/** The error's toast goes: the live page shows it now, or the player has left the error. */
export function hidePlayerErrorToast(): void {
  if (errorToast === null) return;
  hideToast(errorToast);
  errorToast = null;
}

/** The player's messages as toasts (doc1 §8 Streams) and the login modal. */
export function showPlayerMessage(message: PlayerMessage): void {
  switch (message.kind) {
    case 'login-required':
      openLoginModal();
      toast.error(PLAYER_TEXT.loginRequired);
      return;
    case 'pro-required': {
      let id = '';
      id = toast.info(PLAYER_TEXT.proRequired, {
        persistent: true,
        action: subscribeButton(() => id),
      });
      return;
    }
    case 'popup-blocked':
      toast.error(PLAYER_TEXT.popupBlocked);
      return;
    case 'dolby-active':
      toast.info(PLAYER_TEXT.dolbyActive);
      return;
    case 'dolby-unsupported':
      toast.error(PLAYER_TEXT.dolbyUnsupported);
      return;
    case 'stream-error':
      showPlayerError(PLAYER_TEXT.streamError);
      return;
    case 'track-error':
      showPlayerError(PLAYER_TEXT.trackError);
      return;
    case 'timeshift-failed':
      toast.info(TIMESHIFT_TEXT.failed);
      return;
    case 'timeshift-expired':
      toast.info(TIMESHIFT_TEXT.expired);
      return;
  }
}

function createRuntime(engine: PlayerEngine): PlayerRuntime {
  const position: { seconds: number | null } = { seconds: null };
  engine.subscribe((event) => {
    if (event.type === 'progress') position.seconds = event.positionS;
    else if (event.type === 'loading') position.seconds = null;
  });
  const preroll = new PrerollProvider(
    createVastLoader({ canPlay: (type) => engine.canPlay(type), timeoutMs: AD_WAIT_MAX_MS }),
  );
  const holder: { nowPlaying?: NowPlayingService } = {};
  const player = new PlayerMachine({
    engine,
    notify: showPlayerMessage,
    onStreamSelected: (stream, chosen) =>
      holder.nowPlaying?.setMetaId(stream.metaId, { fetchNow: chosen }),
    storage: {
      read: readLocal,
      write: writeLocal,
      remove: (key) => {
        try {
          window.localStorage.removeItem(key);
        } catch {
          // storage disabled
        }
      },
    },
    openWindow: (url, name, features) => window.open(url, name, features),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    preroll,
  });
  const nowPlaying = new NowPlayingService({
    fetchCurrent: (metaId) => getCurrentSongInfo(metaId),
    openEvents: eventSourceOpener(),
    latencyMs: () => player.bufferLatencyMs(),
  });
  holder.nowPlaying = nowPlaying;
  const rating = new RatingStore(
    {
      isLoggedIn: () => getSession() !== null,
      openLogin: () => openLoginModal(),
      send: (request) => rateSong(request, getAuthToken()),
      toast,
      onUnauthorized: handleUnauthorized,
      refreshNowPlaying: () => nowPlaying.refresh(),
    },
    RATING_TEXT,
  );
  return { player, nowPlaying, rating, preroll, position };
}

export function getPlayerRuntime(): PlayerRuntime {
  runtime ??= createRuntime(engineFactory());
  return runtime;
}

/**
 * What the page said the main stream has on air (lib/initial-data.ts), given before React's first
 * render so the widget, the bar and the live page draw it in that render.
 */
export function seedNowPlaying(item: NowPlaying | undefined): void {
  if (item) getPlayerRuntime().nowPlaying.seed(item);
}

export function getPlayer(): PlayerMachine {
  return getPlayerRuntime().player;
}

/** A fresh player (tests): the next getPlayerRuntime() builds everything again. */
export function resetPlayerRuntime(): void {
  if (!runtime) return;
  runtime.nowPlaying.stop();
  runtime.player.destroy();
  runtime = null;
}

function testSnapshot({ player, nowPlaying, position }: PlayerRuntime): TestSnapshot {
  const state = player.getSnapshot();
  const current = nowPlaying.getSnapshot().current;
  return {
    status: state.status,
    isLive: state.isLive,
    shouldBePlaying: state.shouldBePlaying,
    locked: state.locked,
    streamId: state.streamId,
    src: state.src,
    error: state.error,
    stalled: state.stalled,
    retries: state.retries,
    notice: state.notice?.text ?? null,
    ad: state.ad ? { phase: state.ad.phase, title: state.ad.title } : null,
    queueIndex: state.queue?.index ?? null,
    nowPlaying: current
      ? {
          metaId: current.metaId,
          song: current.song,
          artist: current.artist,
          metaType: current.metaType,
          time: current.time,
        }
      : null,
    latencyMs: player.bufferLatencyMs(),
    positionS: position.seconds,
    timeshift: state.timeshift && {
      ...state.timeshift,
      behind: isBehindLive(state),
      position: player.timeshiftPosition(),
    },
    heard: heardSnapshot(),
  };
}

function heardSnapshot(): TestSnapshot['heard'] {
  const heard = getHeardOnAir();
  if (!heard) return null;
  const item = heard.item;
  return {
    atMs: heard.atMs,
    song: item?.song ?? '',
    artist: item?.artist ?? '',
    metaType: item?.metaType ?? 'music',
    startedAtMs: item?.startedAtMs ?? 0,
  };
}

/** The timeshift position for the lock screen: seconds over the window, its start to live. */
function mediaPosition(position: TimeshiftPosition | null) {
  if (!position) return null;
  return {
    positionS: (position.atMs - position.startMs) / 1000,
    durationS: (position.liveMs - position.startMs) / 1000,
  };
}

/** How often the lock screen's position is told again (the window grows as live moves on). */
const MEDIA_POSITION_REFRESH_MS = 10_000;

const TAB_CHANNEL = 'onda-player';

/**
 * Starts everything around the player; returns the function stopping it. `stationName` feeds the
 * Media Session metadata of commercial breaks.
 */
export function startPlayerServices(
  current: PlayerRuntime,
  { stationName }: { stationName: () => string },
): () => void {
  const { player, nowPlaying, rating } = current;
  const cleanups: (() => void)[] = [];
  const listening = new ListeningTracker(track);
  const syncTray = isDesktop() ? trayTimeshiftSync() : null;
  if (isDesktop()) {
    cleanups.push(
      listenToTray({
        toggle: () => player.toggle(),
        chooseStream: (id) => player.chooseStream(id),
        navigate: (path) => navigateTo?.(path),
        seekBy: (ms) => (ms < 0 ? player.rewind(-ms) : player.forward(ms)),
        goLive: () => player.goLive(),
      }),
    );
  }

  // Now playing: polling from now on; the push channel while live audio plays.
  nowPlaying.start();
  cleanups.push(() => nowPlaying.stop());

  // Follow the player and the item on air (behind live, the item on air then).
  let lastItem: NowPlaying | null | undefined;
  let lastShown: NowPlaying | null | undefined;
  let lastStreamName: string | null | undefined;
  let seekable = false;
  const syncSeeking = (state: PlayerSnapshot) => {
    const offered = !!state.timeshift && state.isLive === true;
    syncTray?.(offered, offered && !!state.timeshift?.shifted);
    if (offered !== seekable) {
      seekable = offered;
      setMediaSessionSeeking(
        offered
          ? {
              seekBackward: (offsetS) =>
                player.rewind(offsetS ? offsetS * 1000 : TIMESHIFT_STEP_MS),
              seekForward: (offsetS) =>
                player.forward(offsetS ? offsetS * 1000 : TIMESHIFT_STEP_MS),
              seekTo: (seconds) => {
                const position = player.timeshiftPosition();
                if (position) player.seekTo(position.startMs + seconds * 1000);
              },
            }
          : null,
      );
    }
    setMediaSessionPosition(offered ? mediaPosition(player.timeshiftPosition()) : null);
  };
  const sync = () => {
    const state = player.getSnapshot();
    const np = nowPlaying.getSnapshot();
    // Playing again (or trying to): the last failure's toast has said its piece.
    if (!state.error) hidePlayerErrorToast();
    nowPlaying.setListening(isLiveActive(state));
    listening.update(
      state.isLive === true && state.status === 'playing' && state.shouldBePlaying && !state.ad,
      state.streamId,
    );
    setMediaSessionState(state.status, state.shouldBePlaying);
    syncSeeking(state);
    const streamName = state.stream?.streamName ?? null;
    const shown = isBehindLive(state) ? (getHeardOnAir()?.item ?? null) : np.current;
    const streamChanged = streamName !== lastStreamName;
    lastStreamName = streamName;
    if (np.current !== lastItem || streamChanged) {
      lastItem = np.current;
      void rating.setItem(np.current, np.metaId);
    }
    if (shown !== lastShown || streamChanged) {
      lastShown = shown;
      if (state.isLive === true) {
        setMediaSessionMetadata(metadataFor(shown, { stationName: stationName(), streamName }));
      }
    }
  };
  cleanups.push(player.subscribe(sync), nowPlaying.subscribe(sync), subscribeHeardOnAir(sync));
  sync();
  const positionTimer = setInterval(
    () => syncSeeking(player.getSnapshot()),
    MEDIA_POSITION_REFRESH_MS,
  );
  cleanups.push(() => {
    clearInterval(positionTimer);
    if (seekable) setMediaSessionSeeking(null);
    setMediaSessionPosition(null);
  });
  cleanups.push(() => listening.destroy());
  // The seconds since the last heartbeat go out with the page (before the sender's beacon).
  const onPageHide = () => listening.update(false, player.getSnapshot().streamId);
  window.addEventListener('pagehide', onPageHide, { capture: true });
  cleanups.push(() => window.removeEventListener('pagehide', onPageHide, { capture: true }));

  // Media keys and the lock screen.
  cleanups.push(
    bindMediaSession({
      play: () => {
        const state = player.getSnapshot();
        if (!(
          state.shouldBePlaying &&
          (state.status === 'loading' || state.status === 'playing')
        )) {
          player.toggle();
        }
      },
      pause: () => {
        if (player.getSnapshot().isLive === true) player.stop();
        else player.pause();
      },
      stop: () => player.stop(),
    }),
  );

  // Volume: the store is the truth; another tab's change is picked up too.
  player.setVolume(getVolumeState().volume);
  cleanups.push(subscribeVolume((state) => player.setVolume(state.volume)));
  cleanups.push(syncVolumeAcrossTabs());

  // One radio per browser: when this tab starts playing, the others stop.
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(TAB_CHANNEL);
    const tabId = Math.random().toString(36).slice(2);
    let wasPlaying = false;
    cleanups.push(
      player.subscribe(() => {
        const state = player.getSnapshot();
        const playing = state.shouldBePlaying && state.status === 'playing';
        if (playing && !wasPlaying) channel.postMessage({ type: 'playing', tabId });
        wasPlaying = playing;
      }),
    );
    channel.onmessage = (event: MessageEvent<{ type?: string; tabId?: string }>) => {
      if (event.data?.type === 'playing' && event.data.tabId !== tabId) {
        if (player.getSnapshot().shouldBePlaying) player.stop();
      }
    };
    cleanups.push(() => channel.close());
  }

  // Touch devices: the first touch or click unlocks the audio engine (doc1 §4).
  const touch =
    'ontouchstart' in window || (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0);
  if (touch) {
    const unlock = () => {
      player.unlockAudio();
      window.removeEventListener('touchend', unlock, true);
      window.removeEventListener('click', unlock, true);
    };
    window.addEventListener('touchend', unlock, true);
    window.addEventListener('click', unlock, true);
    cleanups.push(() => {
      window.removeEventListener('touchend', unlock, true);
      window.removeEventListener('click', unlock, true);
    });
  }

  // The browser tests' read-only window on the state machine.
  Object.defineProperty(window, '__ondaPlayer', {
    value: Object.freeze({ getSnapshot: () => testSnapshot(current) }),
    configurable: true,
    enumerable: false,
    writable: false,
  });

  return () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };
}

/** 'Ouvir rádio' in the main menu starts the live stream (doc1 §2), unless it already plays. */
export function startLiveRadio(): void {
  const player = getPlayer();
  if (!isLiveActive(player.getSnapshot())) player.playLive();
}
