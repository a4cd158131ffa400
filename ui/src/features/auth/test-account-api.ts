/**
 * A fetch stand-in for the account tests: `reply(path)` answers an envelope per API path (falling
 * back to the shell defaults), and every call's path and JSON body is recorded.
 */
import { vi } from 'vitest';
import { DEFAULT_API } from '@/test/api-mock';

export interface Envelope {
  status: 'success' | 'error' | number;
  message: string;
  data: unknown;
}

export type Handler = (body: unknown) => Envelope | Promise<Envelope>;

export const ok = (data: unknown, message = 'success'): Envelope => ({
  status: 'success',
  message,
  data,
});
export const refuse = (message: string, status: Envelope['status'] = 'error'): Envelope => ({
  status,
  message,
  data: null,
});

export interface Call {
  path: string;
  body: unknown;
  headers: Headers;
}

export function mockAccountApi(handlers: Record<string, Handler | Envelope>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path: url.pathname, body, headers: new Headers(init?.headers) });
    const handler = handlers[url.pathname];
    let envelope: Envelope;
    if (handler) envelope = typeof handler === 'function' ? await handler(body) : handler;
    else if (Object.hasOwn(DEFAULT_API, url.pathname)) envelope = ok(DEFAULT_API[url.pathname]);
    else envelope = refuse('not found', 404);
    const http = typeof envelope.status === 'number' ? envelope.status : 200;
    return new Response(JSON.stringify(envelope), {
      status: http,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((call) => call.path === `/api/v1/${path}`),
  };
}

/** A promise the test resolves when it wants the reply to arrive. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

export const CONFIRMED_USER = {
  userId: 7,
  email: 'jose@example.com',
  name: 'José',
  lastName: 'da Silva',
  gender: null,
  birthday: null,
  cpf: null,
  telefone: null,
  cep: null,
  district: null,
  street: null,
  streetNumber: null,
  addressSupplement: null,
  cityId: null,
  stateId: null,
  emailConfirmed: true,
  newsletter: false,
  isPro: false,
  registrationComplete: false,
};

export const PENDING_USER = {
  userId: 8,
  name: 'José da Silva',
  email: 'novo@example.com',
  emailConfirmed: false,
};
