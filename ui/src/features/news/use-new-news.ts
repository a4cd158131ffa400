/**
 * The check for new news (doc2 §4, G33): every HOME_NEWS_REFRESH_MS, `checkForNewNews/{latestId}`
 * (with the category on a category list) reports the items published since the newest one shown.
 * `latestId` is the id of the newest item shown (by date, not the largest id).
 * They are returned newest first and flagged new; the flag clears NEW_NEWS_BADGE_CLEAR_MS later.
 * Failures are only logged and the next check tries again. Pages key the list by category, so a
 * category change starts afresh.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { NewsItem } from '@/generated/NewsItem';
import { HOME_NEWS_REFRESH_MS, NEW_NEWS_BADGE_CLEAR_MS } from '@/lib/constants';
import { checkForNewNews } from './api/news-api';

export interface NewNewsState {
  /** Items found since the page opened, newest first. */
  items: NewsItem[];
  /** Whether an item still carries the 'new' badge. */
  isNew: (id: number) => boolean;
}

export function useNewNews(
  latestId: number | undefined,
  category?: string,
  onFound?: (items: NewsItem[]) => void,
): NewNewsState {
  const [items, setItems] = useState<NewsItem[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const latest = useRef(latestId);
  const found = useEffectEvent((items: NewsItem[]) => onFound?.(items));

  const advanced = useRef(false);

  // The page's newest item is the mark until a check has found newer ones.
  useEffect(() => {
    if (latestId !== undefined && !advanced.current) latest.current = latestId;
  }, [latestId]);

  useEffect(() => {
    const clearTimers = new Set<ReturnType<typeof setTimeout>>();
    let active = true;
    const interval = setInterval(() => {
      const mark = latest.current;
      if (mark === undefined) return;
      checkForNewNews(mark, category).then(
        (reply) => {
          if (!active || reply.items.length === 0) return;
          const ids = reply.items.map((item) => item.id);
          latest.current = reply.items[0]?.id ?? mark;
          advanced.current = true;
          setItems((current) => [
            ...reply.items,
            ...current.filter((item) => !ids.includes(item.id)),
          ]);
          setFresh((current) => new Set([...current, ...ids]));
          found(reply.items);
          const clear = setTimeout(() => {
            clearTimers.delete(clear);
            setFresh((current) => new Set([...current].filter((id) => !ids.includes(id))));
          }, NEW_NEWS_BADGE_CLEAR_MS);
          clearTimers.add(clear);
        },
        (error: unknown) => console.warn('[news] checkForNewNews failed', error),
      );
    }, HOME_NEWS_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(interval);
      clearTimers.forEach(clearTimeout);
    };
  }, [category]);

  const isNew = useCallback((id: number) => fresh.has(id), [fresh]);
  return { items, isNew };
}
