/** How the home page lays out getHomeNews (doc2 §2 Home widgets, HOME_NEWS_*). */
import type { HomeNews } from '@/generated/HomeNews';
import type { NewsItem } from '@/generated/NewsItem';
import { HOME_NEWS_SECONDARY, HOME_REUTERS_MAX } from '@/lib/constants';

/** Featured, secondary, side and Reuters, each item once, in that order of precedence. */
export function arrangeHomeNews(home: HomeNews) {
  const seen = new Set<number>();
  const take = (items: (NewsItem | null)[], max = Infinity) => {
    const kept: NewsItem[] = [];
    for (const item of items) {
      if (!item || seen.has(item.id) || kept.length >= max) continue;
      seen.add(item.id);
      kept.push(item);
    }
    return kept;
  };
  const featured = take([home.featured], 1)[0] ?? null;
  const secondary = take(home.secondary, HOME_NEWS_SECONDARY);
  const side = take(home.side);
  const reuters = take(home.reuters, HOME_REUTERS_MAX);
  const mundo = take(home.mundo);
  return { featured, secondary, side, reuters, mundo };
}
