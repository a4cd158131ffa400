import { useDeferredValue } from 'react';

/**
 * A query's result for a part that draws a lot from it (cards, a ranking, prices): the part is
 * redrawn with the new result in slices, between which the browser answers a tap (total
 * blocking time).
 *
 * TanStack Query hands results to React through useSyncExternalStore, and React renders a store's
 * change in one blocking pass: a block of news cards arriving was a task of up to 200 ms on a phone.
 * Here that pass draws the result the part already showed (its skeleton, say: cheap), and the new
 * one follows as a transition, which React renders a few milliseconds at a time. What it costs: the
 * new result shows a frame or two later, and as TanStack wraps each render's result anew, a part
 * redrawn for another reason (its own state) is drawn twice, the second time in slices too. So it
 * suits parts that mostly draw what their query brought, not a list that redraws as a field is typed.
 */
export function useDrawnLater<T>(result: T): T {
  return useDeferredValue(result);
}
