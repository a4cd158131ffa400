/**
 * LIVE_NEWS_SLOT — the place of the live page's 12 news (doc2). A later issue fills it with the
 * news of GET news/getNews; until then it shows nothing rather than made-up content.
 */
export function LiveNewsSlot() {
  return null;
}
