/** GET getJournalistNews/{id}/{count}/{offset} (JR-04, C40): a journalist's news, 10 per request. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { NewsItem } from '@/generated/NewsItem';
import { api } from '@/lib/api';
import { JOURNALIST_NEWS_PAGE } from '../journalists';

export function getJournalistNews(id: number, offset: number): Promise<NewsItem[]> {
  return api.get<NewsItem[]>(`getJournalistNews/${id}/${JOURNALIST_NEWS_PAGE}/${offset}`);
}

export const journalistNewsInfiniteQueryOptions = (id: number | undefined) =>
  infiniteQueryOptions({
    queryKey: ['journalist-news', id],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getJournalistNews(id ?? 0, pageParam),
    getNextPageParam: (last, pages) =>
      last.length < JOURNALIST_NEWS_PAGE ? undefined : pages.length * JOURNALIST_NEWS_PAGE,
  });
