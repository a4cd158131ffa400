/**
 * On-demand playback for later pages (music previews, spots, playlists): the Playlist track of
 * doc1 §3 and its conversion to the player's {@link QueueItem}. Pages call
 * `getPlayer().playQueue(items, startIndex)`; the player moves to the next item 300 ms after one
 * ends or fails (never after the last), with isLive = 'otherMedia'.
 */
import type { QueueItem } from './player-machine';

/** doc1 §3 "Playlist track". */
export interface PlaylistTrack {
  /** The audio URL; tracks without one are not playable (doc2 §2 Music). */
  musicTrack: string;
  albumCover: string;
  albumName: string;
  artistName: string;
  artistSlug: string;
  musicName: string;
  musicSlug: string;
  iTunesLink: string;
  musicId: number | string;
}

/** The playable tracks of a playlist, as queue items (those without audio are left out). */
export function playlistToQueue(tracks: readonly PlaylistTrack[]): QueueItem[] {
  return tracks
    .filter((track) => track.musicTrack)
    .map((track) => ({
      id: String(track.musicId),
      src: track.musicTrack,
      title: track.musicName,
      artist: track.artistName,
      album: track.albumName,
      cover: track.albumCover,
    }));
}
