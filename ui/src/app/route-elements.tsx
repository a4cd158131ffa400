/** Route elements that pick a page from the URL (C05, C08, C09). */
import { useParams, type Params } from '@/lib/router';
import { parseMusicSlug } from '@/features/music/music-slug';
import { NEWS_CATEGORY_SLUGS } from '@/lib/constants';
import {
  MusicPage,
  NewsArticlePage,
  NewsCategoryPage,
  NotFoundPage,
  OtherPodcastsPage,
  PodcastNotFoundPage,
  PodcastShowPage,
  TagNewsPage,
} from './pages';

const CATEGORY_SLUGS: ReadonlySet<string> = new Set(NEWS_CATEGORY_SLUGS);

/** /noticias/{x} (C09): 'tags' is its own route; the 14 category slugs next; else a news slug. */
export function NewsSlugRoute() {
  const { slug = '' } = useParams();
  return CATEGORY_SLUGS.has(slug) ? (
    <NewsCategoryPage slug={slug} />
  ) : (
    <NewsArticlePage slug={slug} />
  );
}
// Each route below picks its page: `preload` fetches the one the address will show
// (app/preload-page.ts); `usualPage` is the one it shows most (a news item far more often than one
// of the 14 categories), whose files the server preloads with the HTML (prerender/shell.tsx).
NewsSlugRoute.preload = ({ slug = '' }: Params) =>
  (CATEGORY_SLUGS.has(slug) ? NewsCategoryPage : NewsArticlePage).preload();
NewsSlugRoute.usualPage = NewsArticlePage;

/** /musicas/{musicSlug}+{artistSlug} (C08): exactly one '+', else the 404 page. */
export function MusicRoute() {
  const { slug = '' } = useParams();
  const parsed = parseMusicSlug(slug);
  return parsed ? <MusicPage {...parsed} /> : <NotFoundPage />;
}
MusicRoute.preload = ({ slug = '' }: Params) =>
  (parseMusicSlug(slug) ? MusicPage : NotFoundPage).preload();
MusicRoute.usualPage = MusicPage;

/** /podcasts/{type} (C05): 'outros' lists the other podcasts; anything else is a show. */
export function PodcastTypeRoute() {
  const { type = '' } = useParams();
  return type === 'outros' ? <OtherPodcastsPage /> : <PodcastShowPage show={type} />;
}
PodcastTypeRoute.preload = ({ type = '' }: Params) =>
  (type === 'outros' ? OtherPodcastsPage : PodcastShowPage).preload();
PodcastTypeRoute.usualPage = PodcastShowPage;

/** /podcasts/{type}/{slug} (C05): only 'outros' has a second segment. */
export function PodcastSubRoute() {
  const { type = '', slug = '' } = useParams();
  return type === 'outros' ? <OtherPodcastsPage slug={slug} /> : <PodcastNotFoundPage />;
}
PodcastSubRoute.preload = ({ type = '' }: Params) =>
  (type === 'outros' ? OtherPodcastsPage : PodcastNotFoundPage).preload();
PodcastSubRoute.usualPage = OtherPodcastsPage;

/** /noticias/tags/{slug}. */
export function TagRoute() {
  const { slug = '' } = useParams();
  return <TagNewsPage slug={slug} />;
}
TagRoute.preload = () => TagNewsPage.preload();
TagRoute.usualPage = TagNewsPage;
