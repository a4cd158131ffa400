import { describe, expect, it } from 'vitest';
import { hasNextPage, paginationItems, type PageItem } from './pagination';

/** '1 … 4 5 [6] 7 8 … 12': the items as a visitor reads them. */
function show(items: PageItem[]): string {
  return items
    .map((item) =>
      item.kind === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page),
    )
    .join(' ');
}

describe('paginationItems (doc2 §4: the current page, 3 pages either side, with ellipses)', () => {
  it.each([
    [1, 1, '[1]'],
    [1, 4, '[1] 2 3 4'],
    [4, 7, '1 2 3 [4] 5 6 7'],
    [1, 10, '[1] 2 3 4 …'],
    [10, 10, '… 7 8 9 [10]'],
    [10, 20, '… 7 8 9 [10] 11 12 13 …'],
    [5, 9, '… 2 3 4 [5] 6 7 8 …'],
    [5, 8, '… 2 3 4 [5] 6 7 8'],
    [4, 8, '1 2 3 [4] 5 6 7 …'],
    [6, 20, '… 3 4 5 [6] 7 8 9 …'],
    [15, 20, '… 12 13 14 [15] 16 17 18 …'],
    [17, 20, '… 14 15 16 [17] 18 19 20'],
  ])('page %i of %i: %s', (current, known, expected) => {
    expect(show(paginationItems({ current, known }))).toBe(expected);
  });

  it('never more than 3 pages either side of the current one, nor a page outside that window', () => {
    for (let known = 1; known <= 25; known += 1)
      for (let current = 1; current <= known; current += 1) {
        const pages = paginationItems({ current, known }).flatMap((item) =>
          item.kind === 'page' ? [item.page] : [],
        );
        expect(pages).toEqual(
          Array.from(
            { length: Math.min(known, current + 3) - Math.max(1, current - 3) + 1 },
            (_, index) => Math.max(1, current - 3) + index,
          ),
        );
      }
  });

  it('while more may follow, the window ends in an ellipsis even at the last known page', () => {
    expect(show(paginationItems({ current: 1, known: 5, more: true }))).toBe('[1] 2 3 4 …');
    expect(show(paginationItems({ current: 5, known: 10, more: true }))).toBe(
      '… 2 3 4 [5] 6 7 8 …',
    );
    expect(show(paginationItems({ current: 10, known: 10, more: true }))).toBe('… 7 8 9 [10] …');
    expect(show(paginationItems({ current: 2, known: 2, more: true }))).toBe('1 [2] …');
  });

  it('another window width', () => {
    expect(show(paginationItems({ current: 10, known: 20, window: 1 }))).toBe('… 9 [10] 11 …');
  });

  it('no pages, and a current page out of range is brought back in', () => {
    expect(paginationItems({ current: 1, known: 0 })).toEqual([]);
    expect(show(paginationItems({ current: 30, known: 6 }))).toBe('… 3 4 5 [6]');
    expect(show(paginationItems({ current: 0, known: 3 }))).toBe('[1] 2 3');
  });

  it('exactly one current page, and the ellipses have distinct keys', () => {
    const items = paginationItems({ current: 10, known: 20 });
    expect(items.filter((item) => item.kind === 'page' && item.current)).toHaveLength(1);
    expect(
      items
        .filter((item) => item.kind === 'ellipsis')
        .map((item) => item.kind === 'ellipsis' && item.key),
    ).toEqual(['start', 'end']);
  });
});

describe('hasNextPage', () => {
  it('is true before the last known page or while more may follow', () => {
    expect(hasNextPage(1, 2, false)).toBe(true);
    expect(hasNextPage(2, 2, false)).toBe(false);
    expect(hasNextPage(2, 2, true)).toBe(true);
  });
});
