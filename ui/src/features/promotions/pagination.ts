/**
 * The closed promotions' pagination, as the spec has it (doc2 §4, §9: "current page, previous and
 * next, a window of 3 pages either side with ellipses"): the current page and up to 3 pages on each
 * side of it, nothing more, and an ellipsis on a side where pages lie beyond the window. 'Anterior'
 * and 'Próxima' (the grid's own buttons) step one page.
 *
 * The server gives no total (C17): the pages known so far are the ones fetched, and while the last
 * batch came back full there may be more, so the window then ends in an ellipsis even at the last
 * known page.
 */

export type PageItem =
  { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis'; key: 'start' | 'end' };

export interface PaginationInput {
  /** 1-based. */
  current: number;
  /** Pages known so far (the items fetched, divided by the page size, rounded up). */
  known: number;
  /** More pages may follow the known ones. */
  more?: boolean;
  /** Pages either side of the current one. */
  window?: number;
}

export function paginationItems({
  current,
  known,
  more = false,
  window = 3,
}: PaginationInput): PageItem[] {
  if (known < 1) return [];
  const page = Math.min(Math.max(1, current), known);
  const from = Math.max(1, page - window);
  const to = Math.min(known, page + window);
  const items: PageItem[] = [];
  if (from > 1) items.push({ kind: 'ellipsis', key: 'start' });
  for (let number = from; number <= to; number += 1)
    items.push({ kind: 'page', page: number, current: number === page });
  // Pages after the window, known or still to be fetched.
  if (to < known || more) items.push({ kind: 'ellipsis', key: 'end' });
  return items;
}

/** Whether 'Próxima' leads anywhere: a known page after this one, or a batch still to come. */
export function hasNextPage(current: number, known: number, more: boolean): boolean {
  return current < known || more;
}
