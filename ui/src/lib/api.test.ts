import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, resolveApiPath, setApiOrigin } from './api';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('resolveApiPath (C38)', () => {
  it('resolves API paths from the origin root', () => {
    expect(resolveApiPath('getAppParameters')).toBe('/api/v1/getAppParameters');
    expect(resolveApiPath('news/getCategories')).toBe('/api/v1/news/getCategories');
    expect(resolveApiPath('/api/v1/station')).toBe('/api/v1/station');
    expect(resolveApiPath('/getUserInfos')).toBe('/getUserInfos');
  });

  it('can point at another station server', () => {
    setApiOrigin('https://radio.example/');
    expect(resolveApiPath('station')).toBe('https://radio.example/api/v1/station');
    setApiOrigin('');
  });
});

describe('api', () => {
  it('returns data of a success envelope and sends cookies', async () => {
    const fetchMock = reply(200, { status: 'success', message: 'success', data: { a: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('station')).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/station');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
  });

  it('sends JSON bodies and the bearer token', async () => {
    const fetchMock = reply(200, { status: 'success', message: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('profile/login', { email: 'a@b.c' }, { token: 'abc' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer abc');
  });

  it('throws ApiError with the status and message of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      reply(200, { status: 'error', message: 'invalid email or password', data: null }),
    );
    const error = await api.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 'error', message: 'invalid email or password' });
  });

  it('uses the numeric status of an error envelope', async () => {
    vi.stubGlobal('fetch', reply(401, { status: 401, message: 'unauthorized', data: null }));
    const error = (await api.get('x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.code).toBe(401);
    expect(error.httpStatus).toBe(401);
  });

  it('turns non-JSON and network failures into ApiError', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>Bad gateway</html>'));
    await expect(api.get('x')).rejects.toMatchObject({ httpStatus: 502, code: 502 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('x')).rejects.toMatchObject({ message: 'network error', httpStatus: 0 });
  });
});
