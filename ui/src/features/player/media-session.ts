/**
 * Lock-screen and media-key controls through the Media Session API (DESIGN "The UI"; research
 * stations.md §5): the metadata follows every now-playing change (title, artist, album, artwork
 * 150 and 1000), the playback state follows the player, and play / pause / stop act on it. For the
 * live radio 'pause' is 'stop' (a paused live stream is dropped anyway). With timeshift the seek
 * actions are there too (back and forward 30 s, to a point), and the position is told over the
 * window, its start to the live edge; without it, no seek handlers and no position.
 * Does nothing where the API (or a part of it) is missing.
 */
import type { NowPlaying } from '@/generated/NowPlaying';
import type { PlayerStatus } from './player-machine';

export interface MediaSessionMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string; sizes: string; type?: string }[];
}

function session(): MediaSession | null {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return null;
  return navigator.mediaSession ?? null;
}

/** The metadata for an item on air; a commercial break shows the station and stream. */
export function metadataFor(
  item: NowPlaying | null,
  { stationName, streamName }: { stationName: string; streamName: string | null },
): MediaSessionMetadata {
  const fallback = { title: stationName, artist: streamName ?? '', album: '', artwork: [] };
  if (!item || item.metaType !== 'music' || !item.song) return fallback;
  const artwork = [
    item.cover['150'] && { src: item.cover['150'], sizes: '150x150' },
    item.cover['1000'] && { src: item.cover['1000'], sizes: '1000x1000' },
  ].filter((entry): entry is { src: string; sizes: string } => !!entry);
  return { title: item.song, artist: item.artist, album: item.album || stationName, artwork };
}

export function setMediaSessionMetadata(metadata: MediaSessionMetadata): void {
  const media = session();
  if (!media || typeof window.MediaMetadata !== 'function') return;
  try {
    media.metadata = new window.MediaMetadata(metadata);
  } catch {
    // Some engines reject artwork they cannot resolve.
  }
}

export function setMediaSessionState(status: PlayerStatus, shouldBePlaying: boolean): void {
  const media = session();
  if (!media) return;
  media.playbackState =
    shouldBePlaying && (status === 'playing' || status === 'loading')
      ? 'playing'
      : status === 'paused'
        ? 'paused'
        : 'none';
}

export interface MediaSessionActions {
  play: () => void;
  pause: () => void;
  stop: () => void;
}

/** Installs the handlers; returns the function removing them. */
export function bindMediaSession(actions: MediaSessionActions): () => void {
  const media = session();
  if (!media) return () => undefined;
  const handlers: [MediaSessionAction, () => void][] = [
    ['play', actions.play],
    ['pause', actions.pause],
    ['stop', actions.stop],
  ];
  for (const [action, handler] of handlers) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
  return () => {
    for (const [action] of handlers) {
      try {
        media.setActionHandler(action, null);
      } catch {
        // idem
      }
    }
  };
}

export interface MediaSessionSeekActions {
  /** Back by `offsetS` seconds (the system's step), or the player's own 30 s. */
  seekBackward: (offsetS: number | null) => void;
  seekForward: (offsetS: number | null) => void;
  /** To `seconds` from the window's start (the position state's origin). */
  seekTo: (seconds: number) => void;
}

const SEEK_ACTIONS: MediaSessionAction[] = ['seekbackward', 'seekforward', 'seekto'];

/** Installs the seek handlers, or with `null` removes them (the stream cannot be sought). */
export function setMediaSessionSeeking(actions: MediaSessionSeekActions | null): void {
  const media = session();
  if (!media) return;
  const handlers: Record<string, MediaSessionActionHandler | null> = actions
    ? {
        seekbackward: (details) => actions.seekBackward(details.seekOffset ?? null),
        seekforward: (details) => actions.seekForward(details.seekOffset ?? null),
        seekto: (details) => {
          if (typeof details.seekTime === 'number') actions.seekTo(details.seekTime);
        },
      }
    : {};
  for (const action of SEEK_ACTIONS) {
    try {
      media.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // An action this browser does not know.
    }
  }
}

/**
 * The position over the timeshift window (seconds from its start, and its length), or `null` to
 * clear it. Playing, the system moves it on by itself at the playback rate.
 */
export function setMediaSessionPosition(
  position: { positionS: number; durationS: number } | null,
): void {
  const media = session();
  if (!media || typeof media.setPositionState !== 'function') return;
  try {
    if (!position || !(position.durationS > 0)) {
      media.setPositionState();
      return;
    }
    media.setPositionState({
      duration: position.durationS,
      position: Math.min(position.durationS, Math.max(0, position.positionS)),
      playbackRate: 1,
    });
  } catch {
    // An engine that rejects a state it finds inconsistent: the lock screen shows no position.
  }
}
