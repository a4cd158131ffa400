/** The playlist editor's values, checks and body, apart from its component. */
import type { Playlist } from '@/generated/Playlist';
import type { PlaylistInput } from '@/generated/PlaylistInput';
import type { PlaylistTrack } from '@/generated/PlaylistTrack';
import { PLAYLIST_DEFAULTS, SCHEDULE_MESSAGES } from '../messages';

export interface PlaylistFormValues {
  name: string;
  description: string;
  /** Numbers as the inputs hold them ('' while a field is being retyped). */
  songSeparationMinutes: number | string;
  artistSeparationMinutes: number | string;
  jingleEvery: number | string;
  tracks: PlaylistTrack[];
}

export type PlaylistErrors = Partial<Record<keyof PlaylistFormValues, string>>;

/** A track's identity: a catalogue song by id, a music-folder file by path. */
export const trackKey = (track: Pick<PlaylistTrack, 'songId' | 'filePath'>) =>
  track.songId !== null ? `song:${track.songId}` : `file:${track.filePath ?? ''}`;

export function newPlaylistValues(): PlaylistFormValues {
  return { name: '', description: '', ...PLAYLIST_DEFAULTS, tracks: [] };
}

export function valuesFromPlaylist(playlist: Playlist): PlaylistFormValues {
  return {
    name: playlist.name,
    description: playlist.description,
    songSeparationMinutes: playlist.songSeparationMinutes,
    artistSeparationMinutes: playlist.artistSeparationMinutes,
    jingleEvery: playlist.jingleEvery,
    tracks: playlist.tracks,
  };
}

/** The dirty check: the fields, and the tracks by identity and order. */
export function samePlaylistValues(a: PlaylistFormValues, b: PlaylistFormValues): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    String(a.songSeparationMinutes) === String(b.songSeparationMinutes) &&
    String(a.artistSeparationMinutes) === String(b.artistSeparationMinutes) &&
    String(a.jingleEvery) === String(b.jingleEvery) &&
    a.tracks.length === b.tracks.length &&
    a.tracks.every((track, index) => trackKey(track) === trackKey(b.tracks[index] ?? track))
  );
}

const NUMBER_FIELDS = ['songSeparationMinutes', 'artistSeparationMinutes', 'jingleEvery'] as const;

const wholeNumber = (value: number | string) =>
  typeof value === 'number' ? Number.isInteger(value) && value >= 0 : /^\d+$/.test(value);

export function validatePlaylist(values: PlaylistFormValues): PlaylistErrors {
  const errors: PlaylistErrors = {};
  if (!values.name.trim()) errors.name = SCHEDULE_MESSAGES.nameRequired;
  for (const key of NUMBER_FIELDS)
    if (!wholeNumber(values[key])) errors[key] = SCHEDULE_MESSAGES.numberInvalid;
  return errors;
}

/** The body of a save: each track as a song id or a file path, the stored `version` when saving. */
export function toPlaylistInput(
  values: PlaylistFormValues,
  stored: Playlist | null,
): PlaylistInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    songSeparationMinutes: Number(values.songSeparationMinutes),
    artistSeparationMinutes: Number(values.artistSeparationMinutes),
    jingleEvery: Number(values.jingleEvery),
    tracks: values.tracks.map((track) =>
      track.songId !== null
        ? { songId: track.songId, filePath: null }
        : { songId: null, filePath: track.filePath },
    ),
    version: stored?.version ?? null,
  };
}

/** Which field a server refusal names (its Portuguese message), by the words it uses. */
export function fieldOfPlaylistMessage(message: string): keyof PlaylistFormValues | null {
  const text = message.toLowerCase();
  if (text.includes('nome')) return 'name';
  if (text.includes('descri')) return 'description';
  if (text.includes('vinheta')) return 'jingleEvery';
  if (text.includes('artista')) return 'artistSeparationMinutes';
  if (text.includes('música') && text.includes('minutos')) return 'songSeparationMinutes';
  return null;
}
