/** The 'outros' podcast categories (C05), with the unaccented aliases. */
const OTHER_PODCASTS: Record<string, string> = {
  recentes: 'Recentes',
  notícias: 'Notícias',
  noticias: 'Notícias',
  'arquivo-musical': 'Arquivo musical',
  'super-montagens': 'Super montagens',
  'giro-de-notícias': 'Giro de notícias',
  'giro-de-noticias': 'Giro de notícias',
};

/** The label of an 'outros' category, or `null` when the slug is not one (route params are decoded). */
export function otherPodcastLabel(slug: string): string | null {
  return OTHER_PODCASTS[slug.normalize('NFC').toLowerCase()] ?? null;
}

export const OTHER_PODCAST_LINKS = [
  { slug: 'recentes', label: 'Recentes' },
  { slug: 'noticias', label: 'Notícias' },
  { slug: 'arquivo-musical', label: 'Arquivo musical' },
  { slug: 'super-montagens', label: 'Super montagens' },
  { slug: 'giro-de-noticias', label: 'Giro de notícias' },
];

/**
 * The recording's page at the player host, for its link: the widget's `feed` (a whole address, or a
 * path on the host whose widget lives at `player-widget.<host>`), else the widget itself.
 */
export function podcastPageUrl(playerUrl: string): string {
  try {
    const widget = new URL(playerUrl);
    const feed = widget.searchParams.get('feed');
    if (feed && /^https:\/\//.test(feed)) return feed;
    if (feed?.startsWith('/')) {
      return `https://${widget.hostname.replace(/^player-widget\./, 'www.')}${feed}`;
    }
  } catch {
    // not an address: the widget's own below
  }
  return playerUrl;
}
