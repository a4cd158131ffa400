/**
 * A stand-in for XMLHttpRequest (the CV upload uses it for its progress): every request is kept,
 * and the test decides when it progresses and how it ends.
 */
import { vi } from 'vitest';

export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.requests.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.onabort?.();
  }

  /** The `file` field of the multipart body. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  /** The CV stored: the envelope with its reference. */
  succeed(reference: string) {
    this.respond(200, { status: 'success', message: 'success', data: { nome_arquivo: reference } });
  }

  failNetwork() {
    this.onerror?.();
  }
}

/** Installs the stand-in; the requests of the previous test are forgotten. */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The last upload request (fails the test when none was made). */
export function lastUpload(): FakeXhr {
  const request = FakeXhr.requests.at(-1);
  if (!request) throw new Error('no upload request was made');
  return request;
}
