/**
 * The HTTP client of the UI. Every path resolves from the origin root (C38): `'getAppParameters'` and
 * `'/api/v1/getAppParameters'` both mean `/api/v1/getAppParameters`; paths outside the API prefix
 * (`/getUserInfos`) are written with their leading slash. Replies are the `{status, message, data}`
 * envelope (G41); anything but `status: "success"` becomes an {@link ApiError}.
 */
import type { Envelope } from '@/generated/Envelope';
import type { Status } from '@/generated/Status';

export const API_PREFIX = '/api/v1/';

/** A failed call: the envelope's status and server message, plus the HTTP status code. */
export class ApiError extends Error {
  /** `"error"` for a business refusal, or the numeric status the HTTP code mirrors. */
  readonly status: Status;
  readonly httpStatus: number;

  constructor(status: Status, message: string, httpStatus: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
  }

  /** The numeric status for the error page: the envelope's number, else the HTTP code. */
  get code(): number {
    return typeof this.status === 'number' ? this.status : this.httpStatus;
  }
}

let apiOrigin = '';

/**
 * Points the client at another station server (the desktop app does; the website never needs to).
 * An empty origin means the page's own origin.
 */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
}

/** `'news/getCategories'` → `'/api/v1/news/getCategories'`; absolute paths are kept. */
export function resolveApiPath(path: string): string {
  const absolute = path.startsWith('/') ? path : `${API_PREFIX}${path}`;
  return `${apiOrigin}${absolute}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    (typeof value.status === 'string' || typeof value.status === 'number')
  );
}

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON (POST, PUT and DELETE carry a JSON body). */
  json?: unknown;
  /** Bearer token (desktop app, PRO calls). */
  token?: string | null;
}

/** A successful reply: the server message too (some flows read it, e.g. 'account linked'). */
export interface ApiReply<T> {
  message: string;
  data: T;
}

/** Calls the API and returns the envelope's `data`, or throws {@link ApiError}. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiRequestReply<T>(path, options)).data;
}

/** Like {@link apiRequest}, keeping the envelope's message. */
export async function apiRequestReply<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiReply<T>> {
  const { json, token, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(resolveApiPath(path), {
      credentials: 'include',
      ...init,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError('error', 'network error', 0);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(
      response.ok ? 'error' : response.status,
      response.ok ? 'invalid response' : response.statusText || 'request failed',
      response.status,
    );
  }
  if (!isEnvelope(body)) {
    throw new ApiError(
      response.ok ? 'error' : response.status,
      'invalid response',
      response.status,
    );
  }
  if (body.status !== 'success') {
    throw new ApiError(body.status, body.message, response.status);
  }
  return { message: body.message, data: body.data as T };
}

export const api = {
  get: <T>(path: string, options?: ApiRequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', json: json ?? {} }),
  delete: <T>(path: string, json?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', json: json ?? {} }),
};
