/** Values and replies for the listener forms' tests. */
import type { SessionUser } from '@/lib/session';
import { rawReply } from '@/test/api-mock';

export const LISTENER: SessionUser = {
  userId: 7,
  name: 'José',
  email: 'jose@example.com',
  isPro: false,
  registrationComplete: true,
};

/** A CNPJ with valid check digits, masked and bare. */
export const VALID_CNPJ = '11.222.333/0001-81';
export const VALID_CNPJ_DIGITS = '11222333000181';

export function file(name: string, size: number, type = 'application/pdf'): File {
  const f = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

export interface SentRequest {
  body: unknown;
  authorization: string | null;
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An endpoint that keeps every request and answers 'success'. */
export function acceptingEndpoint(sent: SentRequest[]) {
  return rawReply((_url, init) => {
    sent.push({
      body: JSON.parse(String(init?.body)),
      authorization: new Headers(init?.headers).get('Authorization'),
    });
    return reply(200, { status: 'success', message: 'success', data: null });
  });
}

/** An endpoint that refuses with the server's message (HTTP 400, status 'error'). */
export function refusingEndpoint(message: string, status = 400, envelopeStatus: unknown = 'error') {
  return rawReply(() => reply(status, { status: envelopeStatus, message, data: null }));
}

/** An endpoint that cannot be reached. */
export function unreachableEndpoint() {
  return rawReply(() => {
    throw new TypeError('Failed to fetch');
  });
}

/** An endpoint that stays pending until `release` is called. */
export function pendingEndpoint() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const endpoint = rawReply(async () => {
    await gate;
    return reply(200, { status: 'success', message: 'success', data: null });
  });
  return { endpoint, release: () => release() };
}
