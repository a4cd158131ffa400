/**
 * Schedule desk data for tests, as the server sends it, and the back office's fetch stand-in (it
 * records every call) with a permission-7 staff member, the main channel's grid and the playlists
 * by default.
 */
import { mockBackoffice, ok, permissions, type Handler } from '@/features/backoffice/testing';
import type { Playlist } from '@/generated/Playlist';
import type { PlaylistSummary } from '@/generated/PlaylistSummary';
import type { PlaylistTrack } from '@/generated/PlaylistTrack';
import type { ScheduleEditor } from '@/generated/ScheduleEditor';
import type { ScheduleException } from '@/generated/ScheduleException';
import type { WeeklySlot } from '@/generated/WeeklySlot';

export * from '@/features/backoffice/testing';

export const GRID = 'backoffice/schedule/onda_1';
export const PLAYLISTS = 'backoffice/playlists';

export function makeSlot(id: number, overrides: Partial<WeeklySlot> = {}): WeeklySlot {
  return {
    id,
    programId: 1,
    programTitle: 'Manhã Onda',
    weekday: 1,
    start: '06:00',
    end: '10:00',
    presenters: 'Ana Lima',
    fill: 'live',
    playlistId: null,
    playlistName: null,
    version: 3,
    ...overrides,
  };
}

export function makeException(
  id: number,
  overrides: Partial<ScheduleException> = {},
): ScheduleException {
  return {
    id,
    date: '2026-12-25',
    programId: 2,
    programTitle: 'Noite Onda',
    start: '08:00',
    end: '12:00',
    presenters: '',
    fill: 'playlist',
    playlistId: 10,
    playlistName: 'Natal',
    note: 'Especial de Natal',
    version: 1,
    ...overrides,
  };
}

export const PROGRAMS = [
  { id: 1, title: 'Manhã Onda', host: 'Ana Lima' },
  { id: 2, title: 'Noite Onda', host: 'Bruno Reis' },
  { id: 3, title: 'Madrugada', host: '' },
];

export const PLAYLIST_OPTIONS = [
  { id: 10, name: 'Natal' },
  { id: 11, name: 'Pop nacional' },
];

export function makeEditor(overrides: Partial<ScheduleEditor> = {}): ScheduleEditor {
  return {
    streamId: 'onda_1',
    streamName: 'Onda FM',
    channels: [
      { streamId: 'onda_1', name: 'Onda FM' },
      { streamId: 'onda_2', name: 'Onda Pop' },
    ],
    slots: [
      makeSlot(1),
      // Wednesday 22:00 to Thursday 02:00.
      makeSlot(2, {
        programId: 2,
        programTitle: 'Noite Onda',
        weekday: 3,
        start: '22:00',
        end: '02:00',
        presenters: 'Bruno Reis',
        fill: 'playlist',
        playlistId: 11,
        playlistName: 'Pop nacional',
      }),
    ],
    exceptions: [],
    defaultPlaylistId: 11,
    programs: PROGRAMS,
    playlists: PLAYLIST_OPTIONS,
    // A Thursday.
    today: '2026-11-26',
    ...overrides,
  };
}

export function makeTrack(id: number, overrides: Partial<PlaylistTrack> = {}): PlaylistTrack {
  return {
    songId: id,
    filePath: null,
    label: `Artista ${id} - Música ${id}`,
    playable: true,
    ...overrides,
  };
}

export function makePlaylist(id: number, overrides: Partial<Playlist> = {}): Playlist {
  return {
    id,
    name: 'Pop nacional',
    description: 'Para as tardes',
    songSeparationMinutes: 180,
    artistSeparationMinutes: 30,
    jingleEvery: 4,
    tracks: [makeTrack(1), makeTrack(2), makeTrack(3)],
    version: 7,
    ...overrides,
  };
}

export const SUMMARIES: PlaylistSummary[] = [
  {
    id: 10,
    name: 'Natal',
    description: 'Dezembro inteiro',
    tracks: 42,
    usedBy: 0,
    updatedAt: '2026-11-20T14:30:00-03:00',
  },
  {
    id: 11,
    name: 'Pop nacional',
    description: '',
    tracks: 120,
    usedBy: 3,
    updatedAt: '2026-11-25T09:00:00-03:00',
  },
];

/** The desk's fetch stand-in: a permission-7 staff member, the main channel, the playlists. */
export function mockSchedule(handlers: Record<string, Handler> = {}) {
  return mockBackoffice({
    'stats/getUserPermissions': ok(permissions([7])),
    [`GET ${GRID}`]: ok(makeEditor()),
    [`GET ${PLAYLISTS}`]: ok(SUMMARIES),
    [`GET ${PLAYLISTS}/11`]: ok(makePlaylist(11)),
    ...handlers,
  });
}
