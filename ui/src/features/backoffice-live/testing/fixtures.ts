/**
 * Live input desk data for tests, as the server sends it, and the back office's fetch stand-in (it
 * records every call) with a permission-7 staff member by default. The password removal and the
 * disconnect answer the empty envelope, as the server does (routes/backoffice/live_sources.rs).
 */
import { mockBackoffice, ok, permissions, type Handler } from '@/features/backoffice/testing';
import type { LiveSourceChannel } from '@/generated/LiveSourceChannel';
import type { LiveSourceSession } from '@/generated/LiveSourceSession';

export * from '@/features/backoffice/testing';

export function makeChannel(
  id: number,
  overrides: Partial<LiveSourceChannel> = {},
): LiveSourceChannel {
  return {
    streamId: `onda_${id}`,
    metaId: `onda_${id}`,
    name: `Canal ${id}`,
    mounts: [`/stream/onda_${id}.mp3`, `/stream/onda_${id}.aac`, `/stream/onda_${id}_aacp.aac`],
    ownPassword: false,
    passwordSetAt: null,
    stationPassword: true,
    live: null,
    ...overrides,
  };
}

export const SESSION: LiveSourceSession = {
  since: '2026-11-26T09:05:00-03:00',
  address: '203.0.113.7',
  mount: 'onda_1.mp3',
  name: 'Estúdio A',
  userAgent: 'butt 1.45.0',
};

/** The main channel on air from the studio, and a second one on the autoDJ with its own password. */
export const CHANNELS: LiveSourceChannel[] = [
  makeChannel(1, { name: 'Onda FM', live: SESSION }),
  makeChannel(2, {
    name: 'Onda Pop',
    ownPassword: true,
    passwordSetAt: '2026-11-20T14:30:00-03:00',
  }),
];

/** The empty envelope the password removal and the disconnect answer. */
export const NO_CONTENT = ok(null);

export function mockLive(handlers: Record<string, Handler> = {}) {
  return mockBackoffice({
    'stats/getUserPermissions': ok(permissions([7])),
    'GET backoffice/live-sources': ok(CHANNELS),
    ...handlers,
  });
}
