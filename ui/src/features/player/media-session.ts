/**
 * Lock-screen and media-key controls through the Media Session API (DESIGN "The UI"; research
 * stations.md §5): the metadata follows every now-playing change (title, artist, album, artwork
 * 150 and 1000), the playback state follows the player, and play / pause / stop act on it. For the
 * live radio 'pause' is 'stop' (a paused live stream is dropped anyway); no seek handlers.
 * Does nothing where the API is missing.
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
