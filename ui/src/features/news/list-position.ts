/**
 * Where the reader left the news list (the routes table, doc3 §2.1: /noticias?scroll_to_last=true,
 * "news list scroll restore"): the category, how many pages were loaded and the scroll position,
 * kept in sessionStorage when a card is opened.
 */
export interface ListPosition {
  category: string;
  pages: number;
  y: number;
}

const KEY = 'newsListPosition';
const MAX_PAGES = 50;

export function saveListPosition(position: ListPosition): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(position));
  } catch {
    // storage disabled: nothing to restore later
  }
}

/** The saved position of this category's list, if any. */
export function readListPosition(category: string): ListPosition | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as ListPosition | null;
    if (!saved || saved.category !== category) return null;
    const pages = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(saved.pages)) || 1));
    const y = Math.max(0, Number(saved.y) || 0);
    return { category, pages, y };
  } catch {
    return null;
  }
}
