import { useInfiniteQuery } from '@tanstack/react-query';
import type { Promotion } from '@/generated/Promotion';
import { closedPromotionsQueryOptions } from './api/promotions-api';
import { CLOSED_BATCH_PAGES } from './promotions';

/**
 * The closed promotions fetched so far, 5 pages' worth per call (C17), and whether more may follow.
 * Shared by the page (to know whether there is any promotion at all) and the grid.
 */
export function useClosedPromotions(perPage: number) {
  const query = useInfiniteQuery(closedPromotionsQueryOptions(perPage * CLOSED_BATCH_PAGES));
  const items: Promotion[] = query.data?.pages.flat() ?? [];
  return { query, items, more: Boolean(query.hasNextPage) };
}

export type ClosedPromotionsState = ReturnType<typeof useClosedPromotions>;
