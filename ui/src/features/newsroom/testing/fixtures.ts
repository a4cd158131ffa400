/** Newsroom data for tests, as the server sends it, and a fetch stand-in that records every call. */
import { vi } from 'vitest';
import type { Journalist } from '@/generated/Journalist';
import type { NewsDraft } from '@/generated/NewsDraft';
import type { NewsroomPage } from '@/generated/NewsroomPage';
import type { NewsroomRow } from '@/generated/NewsroomRow';
import { DEFAULT_API } from '@/test/api-mock';

export const JOURNALIST_STAFF = {
  userId: 51,
  name: 'Redação',
  email: 'redacao@example.com',
  isPro: false,
};

export const JOURNALISTS: Journalist[] = [
  {
    id: 3,
    slug: 'ana-lima',
    name: 'Ana Lima',
    description: '',
    imageFile: '',
    isActive: true,
  },
  {
    id: 4,
    slug: 'bruno-reis',
    name: 'Bruno Reis',
    description: '',
    imageFile: '',
    isActive: true,
  },
];

export const TAGS = [
  { n: 'MPB', u: 'mpb' },
  { n: 'Shows', u: 'shows' },
];

export function permissions(granted: number[]) {
  return { userPermissions: granted, content: { affiliates: [], affiliatesUrl: '', links: [] } };
}

export function makeRow(id: number, overrides: Partial<NewsroomRow> = {}): NewsroomRow {
  return {
    id,
    slug: `noticia-${id}`,
    title: `Notícia da redação ${id}`,
    categoryName: 'Música',
    state: 'published',
    author: 'Ana Lima',
    publishAt: '2026-11-20T09:30:00-03:00',
    updatedAt: '2026-11-21T10:00:00-03:00',
    imageUrl: `/media/uploads/capa-${id}`,
    isPro: false,
    views: 1234,
    ...overrides,
  };
}

export function listPage(
  items: NewsroomRow[],
  overrides: Partial<NewsroomPage> = {},
): NewsroomPage {
  return { items, total: items.length, page: 1, perPage: 20, ...overrides };
}

export function makeDraft(id: number, overrides: Partial<NewsDraft> = {}): NewsDraft {
  return {
    id,
    slug: `noticia-${id}`,
    shownState: 'draft',
    url: `/noticias/noticia-${id}`,
    createdAt: '2026-11-20T09:00:00-03:00',
    updatedAt: '2026-11-21T10:00:00-03:00',
    title: `Notícia da redação ${id}`,
    titleHome: '',
    subtitle: 'Um subtítulo',
    content: '<p>O texto da notícia.</p>',
    teaser: '',
    categoryId: 4,
    tags: ['MPB'],
    journalistId: 3,
    author: '',
    imageUrl: '',
    imageCaption: '',
    coverVideoYoutubeId: '',
    podcastShowId: null,
    podcastId: '',
    keyword: '',
    isPro: false,
    isFeatured: false,
    state: 'draft',
    publishAt: null,
    version: 7,
    ...overrides,
  };
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
 * the site's shell data, the categories, journalists, tags and the permissions of a journalist come
 * by default. Every call is recorded.
 */
export function mockNewsroom(handlers: Record<string, Handler> = {}) {
  const defaults: Record<string, Handler> = {
    'stats/getUserPermissions': ok(permissions([5])),
    getJournalistsData: ok(JOURNALISTS),
    'news/getTags': ok(TAGS),
    getPodcastsData: ok([]),
  };
  const all = { ...defaults, ...handlers };
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
