/** News items and replies for the news tests. */
import type { HomeNews } from '@/generated/HomeNews';
import type { MostReadNews } from '@/generated/MostReadNews';
import type { NewsItem } from '@/generated/NewsItem';

/** A news item with id `id`; dates go back one hour per id so lower ids are newer. */
export function makeNews(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  const date = new Date(Date.UTC(2026, 10, 23, 12) - id * 3_600_000).toISOString();
  return {
    id,
    slug: `noticia-${id}`,
    title: `Notícia número ${id}`,
    titleHome: `Notícia ${id}`,
    subtitle: `Subtítulo da notícia ${id}`,
    date,
    updateDate: null,
    author: 'Ana Lima',
    source: 'redacao',
    categoryName: 'Música',
    categorySlug: 'musica',
    imageNew: `/media/img/news/noticia-${id}.svg`,
    image: `/media/img/news/noticia-${id}.svg`,
    featuredImage: `/media/img/news-wide/noticia-${id}.svg`,
    imageCaption: 'Imagem ilustrativa',
    imageLink: '',
    coverVideo: false,
    coverVideoYoutubeId: '',
    coverVideoFileName: '',
    podcastId: '',
    podcastType: '',
    podcastPlayerStyle: '',
    podcastPlayerColor: '',
    tagSlug: 'mpb',
    tagNews: [
      { n: 'MPB', u: 'mpb' },
      { n: 'Shows', u: 'shows' },
    ],
    keyword: '',
    pro: false,
    journalistName: 'Ana Lima',
    journalistSlug: 'ana-lima',
    journalistImageFile: '/media/img/journalist/ana-lima.svg',
    newNews: false,
    ...overrides,
  };
}

/** Items `from`..`from + count - 1`. */
export function newsRange(from: number, count: number, overrides: Partial<NewsItem> = {}) {
  return Array.from({ length: count }, (_, index) => makeNews(from + index, overrides));
}

export function makeHomeNews(overrides: Partial<HomeNews> = {}): HomeNews {
  const main = newsRange(1, 12);
  return {
    featured: main[0] ?? null,
    secondary: main.slice(1, 7),
    side: main.slice(7),
    reuters: newsRange(100, 5, { source: 'reuters', author: 'Reuters', categoryName: 'Mundo' }),
    mundo: newsRange(200, 4, { categoryName: 'Mundo', categorySlug: 'mundo' }),
    ...overrides,
  };
}

export const MOST_READ: MostReadNews[] = [1, 2, 3, 4].map((rank) => ({
  newsId: 300 + rank,
  slug: `mais-lida-${rank}`,
  title: `Mais lida ${rank}`,
  date: '2026-11-20T10:00:00-03:00',
  imageNew: `/media/img/news/mais-lida-${rank}.svg`,
  views: 1000 - rank,
}));
