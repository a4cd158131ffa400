/** Newsroom data for tests, as the server sends it, and the back office's fetch stand-in. */
import type { Journalist } from '@/generated/Journalist';
import type { NewsDraft } from '@/generated/NewsDraft';
import type { NewsroomPage } from '@/generated/NewsroomPage';
import type { NewsroomRow } from '@/generated/NewsroomRow';
import { mockBackoffice, ok, permissions, type Handler } from '@/features/backoffice/testing';

export * from '@/features/backoffice/testing';
export { STAFF as JOURNALIST_STAFF } from '@/features/backoffice/testing';

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

/** The back office's fetch stand-in with the newsroom's pickers and a journalist's permissions. */
export function mockNewsroom(handlers: Record<string, Handler> = {}) {
  return mockBackoffice({
    'stats/getUserPermissions': ok(permissions([5])),
    getJournalistsData: ok(JOURNALISTS),
    'news/getTags': ok(TAGS),
    getPodcastsData: ok([]),
    ...handlers,
  });
}
