/**
 * The back office's test stand-ins: the server's envelopes, a staff member, the permissions answer,
 * and a fetch stand-in that answers `'METHOD path'` or `'path'` keys and records every call. Each
 * desk's fixtures add its own defaults and data.
 */
import { vi } from 'vitest';
import { DEFAULT_API } from '@/test/api-mock';

export const STAFF = {
  userId: 51,
  name: 'Redação',
  email: 'redacao@example.com',
  isPro: false,
};

export function permissions(granted: number[]) {
  return { userPermissions: granted, content: { affiliates: [], affiliatesUrl: '', links: [] } };
}

interface Envelope {
  status: 'success' | 'error' | number;
  message: string;
  data: unknown;
}

export type Handler = Envelope | ((call: Call) => Envelope | Promise<Envelope>);

export interface Call {
  url: URL;
  method: string;
  body: unknown;
}

export const ok = (data: unknown): Envelope => ({ status: 'success', message: 'success', data });
export const refuse = (message: string, status: number): Envelope => ({
  status,
  message,
  data: null,
});

/**
 * A fetch stand-in answering `'METHOD path'` or `'path'` keys (paths under /api/v1/, no query);
 * the site's shell data comes by default. Every call is recorded.
 */
export function mockBackoffice(handlers: Record<string, Handler> = {}) {
  const all = handlers;
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = {
      url,
      method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const path = url.pathname.replace('/api/v1/', '');
    const handler = all[`${method} ${path}`] ?? all[path];
    let reply: Envelope;
    if (handler) reply = typeof handler === 'function' ? await handler(call) : handler;
    else if (Object.hasOwn(DEFAULT_API, url.pathname)) reply = ok(DEFAULT_API[url.pathname]);
    else reply = refuse('not found', 404);
    return new Response(JSON.stringify(reply), {
      status: typeof reply.status === 'number' ? reply.status : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const backoffice = () =>
    calls.filter((call) => call.url.pathname.startsWith('/api/v1/backoffice'));
  return {
    calls,
    backoffice,
    /** Calls of `METHOD /api/v1/<path>` (exact path). */
    to: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.url.pathname === `/api/v1/${path}`),
  };
}
