/**
 * The news calls (doc2 §7; C40 offset/count order, G31–G33, C20, S04) with their query options.
 * Lists are fetched one page per query, so a category's pages are cached separately and a category
 * change starts again at 12 (doc2 §2).
 */
import { queryOptions } from '@tanstack/react-query';
import type { HomeNews } from '@/generated/HomeNews';
import type { MostReadNews } from '@/generated/MostReadNews';
import type { NewNews } from '@/generated/NewNews';
import type { NewsItem } from '@/generated/NewsItem';
import type { Tag } from '@/generated/Tag';
import type { TagNews } from '@/generated/TagNews';
import { api, ApiError } from '@/lib/api';
import {
  MOST_READ_COUNT,
  NEWS_LIST_PAGE,
  RELATED_NEWS_MIN,
  RELATED_NEWS_REQUEST,
  SHELL_DATA_STALE_MS,
} from '@/lib/constants';

/** Server messages the pages map to their texts (doc2 §7). */
export const NO_NEWS_FOUND = 'no news found';
export const TAG_NOT_FOUND = 'tag not found';

const enc = encodeURIComponent;

/** A minute: news lists may be reused while browsing back and forth. */
const NEWS_STALE_MS = 60_000;

/**
 * `getNews/{offset}/{count}/{pro}/{reuters}[/{category}]` (C40: offset first; G32: PRO teasers
 * included, Reuters kept).
 */
export function getNews(offset: number, count: number, category?: string): Promise<NewsItem[]> {
  const base = `news/getNews/${offset}/${count}/1/0`;
  return api.get<NewsItem[]>(category ? `${base}/${enc(category)}` : base);
}

/** Page `page` (0-based) of a list of 12 per page. */
export const newsPageQueryOptions = (category: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['news', 'list', category ?? '', page],
    queryFn: () => getNews(page * NEWS_LIST_PAGE, NEWS_LIST_PAGE, category),
    staleTime: NEWS_STALE_MS,
  });

/** `getHomeNews` (G31): featured, secondary, side, Reuters and Mundo, without repeats. */
export const homeNewsQueryOptions = () =>
  queryOptions({
    queryKey: ['news', 'home'],
    queryFn: () => api.get<HomeNews>('news/getHomeNews'),
    staleTime: NEWS_STALE_MS,
  });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: ['news', 'tags'],
    queryFn: () => api.get<Tag[]>('news/getTags'),
    staleTime: SHELL_DATA_STALE_MS,
  });

/** `getDataNewsByTag/{offset}/{count}/{tagSlug}` (C40: offset first). */
export function getTagNews(offset: number, count: number, tag: string): Promise<TagNews> {
  return api.get<TagNews>(`news/getDataNewsByTag/${offset}/${count}/${enc(tag)}`);
}

/**
 * `getNewsMostRead/4`: fetched once and kept ("fetched only if empty"), shared by the home page and
 * the single news side block.
 */
export const mostReadQueryOptions = () =>
  queryOptions({
    queryKey: ['news', 'mostRead', MOST_READ_COUNT],
    queryFn: () => api.get<MostReadNews[]>(`news/getNewsMostRead/${MOST_READ_COUNT}`),
    staleTime: Infinity,
  });

/** `getSingleNews/{slug}`: 404 for an unknown slug (the page's not-found view). */
export const singleNewsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['news', 'single', slug],
    queryFn: () => api.get<NewsItem>(`news/getSingleNews/${enc(slug)}`),
    staleTime: NEWS_STALE_MS,
  });

/** `getSingleProNews/{slug}` with the session (bearer token when the app holds one; S04). */
export const singleProNewsQueryOptions = (slug: string, userId: number, token: string | null) =>
  queryOptions({
    queryKey: ['news', 'singlePro', slug, userId],
    queryFn: () => api.get<NewsItem>(`news/getSingleProNews/${enc(slug)}`, { token }),
    staleTime: NEWS_STALE_MS,
  });

/** `checkForNewNews/{latestId}[/{category}]` (G33): `{count, items}` newer than latestId. */
export function checkForNewNews(latestId: number, category?: string): Promise<NewNews> {
  const base = `news/checkForNewNews/${latestId}`;
  return api.get<NewNews>(category ? `${base}/${enc(category)}` : base);
}

/**
 * Related news (C20): 10 requested by the item's tag slugs joined by '_'; with fewer than 6 the
 * latest 6 items (without the current one) are used instead. The caller shows the block only with 3
 * or more.
 */
export async function getRelatedNews(item: NewsItem): Promise<NewsItem[]> {
  const tags = item.tagNews.map((tag) => tag.u).filter(Boolean);
  let related: NewsItem[] = [];
  if (tags.length > 0) {
    related = await api.get<NewsItem[]>(
      `news/getRelatedNews/${RELATED_NEWS_REQUEST}/${tags.map(enc).join('_')}?exclude=${enc(item.slug)}`,
    );
    related = related.filter((other) => other.id !== item.id);
  }
  if (related.length >= RELATED_NEWS_MIN) return related.slice(0, RELATED_NEWS_REQUEST);
  const latest = await getNews(0, RELATED_NEWS_MIN + 1);
  return latest.filter((other) => other.id !== item.id).slice(0, RELATED_NEWS_MIN);
}

/** True for the server's 404 of an unknown item. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 404;
}
