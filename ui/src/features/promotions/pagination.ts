/**
 * The closed promotions' pagination (doc2 §4, §9): the current page with up to 3 pages either side,
 * the first and the last page, and an ellipsis for every gap of two pages or more (a gap of exactly
 * one page shows that page instead: '…' would hide no more than the number itself).
 *
 * The server gives no total (C17): the pages known so far are the ones fetched, and while the last
 * batch came back full there may be more, so the list then ends in an ellipsis instead of a last
 * page number.
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
  const push = (number: number) =>
    items.push({ kind: 'page', page: number, current: number === page });

  if (from > 1) push(1);
  if (from === 3) push(2);
  else if (from > 3) items.push({ kind: 'ellipsis', key: 'start' });

  for (let number = from; number <= to; number += 1) push(number);

  if (more) {
    // The real last page is not known yet.
    items.push({ kind: 'ellipsis', key: 'end' });
  } else if (to < known) {
    if (to === known - 2) push(known - 1);
    else if (to < known - 2) items.push({ kind: 'ellipsis', key: 'end' });
    push(known);
  }
  return items;
}

/** Whether 'Próxima' leads anywhere: a known page after this one, or a batch still to come. */
export function hasNextPage(current: number, known: number, more: boolean): boolean {
  return current < known || more;
}
