import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Journalist } from '@/generated/Journalist';

export const JOURNALISTS_ERROR_TEXT =
  'Oops, ocorreu um erro na comunicação com servidor. Tente de novo mais tarde.';

/** Every journalist (active or not, G46): the list shows the active ones, the page resolves any. */
export function useJournalists() {
  return useQuery({
    queryKey: ['journalists'],
    queryFn: () => api.get<Journalist[]>('getJournalistsData'),
    staleTime: 5 * 60_000,
  });
}

export const JOURNALIST_NEWS_PAGE = 10;
export const JOURNALIST_END_TEXT = 'Não há mais notícias.';
export const JOURNALIST_EMPTY_TEXT = 'Não há notícias';
export const JOURNALIST_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE JORNALISTA :(';
