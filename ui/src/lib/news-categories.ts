/** GET /api/v1/news/getCategories: the 14 news categories (header category bar). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsCategory } from '@/generated/NewsCategory';
import { api } from '@/lib/api';
import { SHELL_DATA_STALE_MS } from '@/lib/constants';

/**
 * Shown while the categories load or when the API is down: the names the server's demo seeds, so the
 * bar does not change its words when the answer arrives ('Política' with its accent; C42).
 */
export const FALLBACK_CATEGORIES: NewsCategory[] = [
  { id: 1, slug: 'carros', name: 'Carros' },
  { id: 2, slug: 'economia', name: 'Economia' },
  { id: 3, slug: 'mundo', name: 'Mundo' },
  { id: 4, slug: 'musica', name: 'Música' },
  { id: 5, slug: 'politica', name: 'Política' },
  { id: 6, slug: 'saude', name: 'Saúde' },
  { id: 7, slug: 'tecnologia', name: 'Tecnologia' },
  { id: 8, slug: 'cotidiano', name: 'Cotidiano' },
  { id: 9, slug: 'cinema', name: 'Cinema' },
  { id: 10, slug: 'moda', name: 'Moda' },
  { id: 11, slug: 'gastronomia', name: 'Gastronomia' },
  { id: 12, slug: 'viagem', name: 'Viagem' },
  { id: 13, slug: 'podcast', name: 'Podcast' },
  { id: 14, slug: 'outros', name: 'Outros' },
];

export function getNewsCategories(): Promise<NewsCategory[]> {
  return api.get<NewsCategory[]>('news/getCategories');
}

export const newsCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['news', 'categories'],
    queryFn: getNewsCategories,
    staleTime: SHELL_DATA_STALE_MS,
  });

/** The categories, or the fallback list while loading or when the call failed. */
export function useNewsCategories(): NewsCategory[] {
  const { data } = useQuery(newsCategoriesQueryOptions());
  return data && data.length > 0 ? data : FALLBACK_CATEGORIES;
}
