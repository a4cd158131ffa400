/**
 * The site's pages, each a chunk of its own fetched when the page is first shown (lib/lazy.ts):
 * a visit downloads the shell and one page. routes.tsx and route-elements.tsx place them.
 */
import { lazyNamed } from '@/lib/lazy';

export const AboutPage = lazyNamed(() => import('@/features/static/AboutPage'), 'AboutPage');
export const AdvertisePage = lazyNamed(
  () => import('@/features/static/AdvertisePage'),
  'AdvertisePage',
);
export const AffiliatesPage = lazyNamed(
  () => import('@/features/affiliates/AffiliatesPage'),
  'AffiliatesPage',
);
export const AlarmPage = lazyNamed(() => import('@/features/alarm/AlarmPage'), 'AlarmPage');
export const AppsPage = lazyNamed(() => import('@/features/static/AppsPage'), 'AppsPage');
export const ArtistPage = lazyNamed(() => import('@/features/artists/ArtistPage'), 'ArtistPage');
export const ArtistsPage = lazyNamed(() => import('@/features/artists/ArtistsPage'), 'ArtistsPage');
export const ClientPage = lazyNamed(() => import('@/features/clients/ClientPage'), 'ClientPage');
export const ClientsPage = lazyNamed(() => import('@/features/clients/ClientsPage'), 'ClientsPage');
export const ContactPage = lazyNamed(() => import('@/features/forms/ContactPage'), 'ContactPage');
export const EditProfilePage = lazyNamed(
  () => import('@/features/profile/EditProfilePage'),
  'EditProfilePage',
);
export const EmbedPlayerPage = lazyNamed(
  () => import('@/features/static/EmbedPlayerPage'),
  'EmbedPlayerPage',
);
export const EmbeddedPlayerPage = lazyNamed(
  () => import('@/features/embed/EmbeddedPlayerPage'),
  'EmbeddedPlayerPage',
);
export const FeedsPage = lazyNamed(() => import('@/features/static/FeedsPage'), 'FeedsPage');
export const HomePage = lazyNamed(() => import('@/features/home/HomePage'), 'HomePage');
export const InboxPage = lazyNamed(() => import('@/features/inbox/InboxPage'), 'InboxPage');
export const JournalistPage = lazyNamed(
  () => import('@/features/journalists/JournalistPage'),
  'JournalistPage',
);
export const JournalistsPage = lazyNamed(
  () => import('@/features/journalists/JournalistsPage'),
  'JournalistsPage',
);
export const LivePage = lazyNamed(() => import('@/features/player/LivePage'), 'LivePage');
export const MusicListPage = lazyNamed(
  () => import('@/features/music/MusicListPage'),
  'MusicListPage',
);
export const MusicPage = lazyNamed(() => import('@/features/music/MusicPage'), 'MusicPage');
export const NewsArticlePage = lazyNamed(
  () => import('@/features/news/NewsArticlePage'),
  'NewsArticlePage',
);
export const NewsCategoryPage = lazyNamed(
  () => import('@/features/news/NewsCategoryPage'),
  'NewsCategoryPage',
);
export const NewsListPage = lazyNamed(() => import('@/features/news/NewsListPage'), 'NewsListPage');
export const NewsTagsPage = lazyNamed(() => import('@/features/news/NewsTagsPage'), 'NewsTagsPage');
// The newsroom, staff only: one chunk here; the editor (tiptap) and the preview are
// fetched from it (features/newsroom/NewsroomPage.tsx).
export const NewsroomPage = lazyNamed(
  () => import('@/features/newsroom/NewsroomPage'),
  'NewsroomPage',
);
// The people area, staff only: one chunk.
export const PeoplePage = lazyNamed(() => import('@/features/people/PeoplePage'), 'PeoplePage');
// The catalogue desk: one chunk, which fetches its editor (tiptap) and the settings form as
// chunks of their own (features/backoffice-catalogue/BackofficeCataloguePage.tsx).
export const BackofficeCataloguePage = lazyNamed(
  () => import('@/features/backoffice-catalogue/BackofficeCataloguePage'),
  'BackofficeCataloguePage',
);
// The live input desk: one chunk (features/backoffice-live/BackofficeLivePage.tsx).
export const BackofficeLivePage = lazyNamed(
  () => import('@/features/backoffice-live/BackofficeLivePage'),
  'BackofficeLivePage',
);
// The schedule desk (the programme grid and the playlists): one chunk
// (features/backoffice-schedule/BackofficeSchedulePage.tsx).
export const BackofficeSchedulePage = lazyNamed(
  () => import('@/features/backoffice-schedule/BackofficeSchedulePage'),
  'BackofficeSchedulePage',
);
// The promotions desk: one chunk, which fetches its editors (tiptap) as chunks of their own
// (features/backoffice-promotions/BackofficePromotionsPage.tsx).
export const BackofficePromotionsPage = lazyNamed(
  () => import('@/features/backoffice-promotions/BackofficePromotionsPage'),
  'BackofficePromotionsPage',
);
export const NotFoundPage = lazyNamed(
  () => import('@/features/shell/pages/NotFoundPage'),
  'NotFoundPage',
);
export const OpenAppPage = lazyNamed(() => import('@/features/apps/OpenAppPage'), 'OpenAppPage');
export const OtherPodcastsPage = lazyNamed(
  () => import('@/features/podcasts/OtherPodcastsPage'),
  'OtherPodcastsPage',
);
export const PartnersPage = lazyNamed(
  () => import('@/features/partners/PartnersPage'),
  'PartnersPage',
);
export const PodcastNotFoundPage = lazyNamed(
  () => import('@/features/podcasts/PodcastNotFoundPage'),
  'PodcastNotFoundPage',
);
export const PodcastShowPage = lazyNamed(
  () => import('@/features/podcasts/PodcastShowPage'),
  'PodcastShowPage',
);
export const PodcastsPage = lazyNamed(
  () => import('@/features/podcasts/PodcastsPage'),
  'PodcastsPage',
);
export const ProBenefitsPage = lazyNamed(
  () => import('@/features/pro/ProBenefitsPage'),
  'ProBenefitsPage',
);
export const ProgramDetailPage = lazyNamed(
  () => import('@/features/programmes/ProgramDetailPage'),
  'ProgramDetailPage',
);
export const ProgrammePage = lazyNamed(
  () => import('@/features/programmes/ProgrammePage'),
  'ProgrammePage',
);
export const PromotionPage = lazyNamed(
  () => import('@/features/promotions/PromotionPage'),
  'PromotionPage',
);
export const PromotionsPage = lazyNamed(
  () => import('@/features/promotions/PromotionsPage'),
  'PromotionsPage',
);
export const RecommendPage = lazyNamed(
  () => import('@/features/forms/RecommendPage'),
  'RecommendPage',
);
export const SearchPage = lazyNamed(() => import('@/features/search/SearchPage'), 'SearchPage');
export const SitemapPage = lazyNamed(() => import('@/features/static/SitemapPage'), 'SitemapPage');
export const StatsPage = lazyNamed(() => import('@/features/stats/StatsPage'), 'StatsPage');
export const TagNewsPage = lazyNamed(() => import('@/features/news/TagNewsPage'), 'TagNewsPage');
export const TermsPage = lazyNamed(() => import('@/features/legal/TermsPage'), 'TermsPage');
export const Top100Page = lazyNamed(() => import('@/features/top/Top100Page'), 'Top100Page');
export const Top10Page = lazyNamed(() => import('@/features/top/Top10Page'), 'Top10Page');
export const TreasureHuntPage = lazyNamed(
  () => import('@/features/hunt/TreasureHuntPage'),
  'TreasureHuntPage',
);
export const TvPage = lazyNamed(() => import('@/features/tv/TvPage'), 'TvPage');
export const VideoPage = lazyNamed(() => import('@/features/videos/VideoPage'), 'VideoPage');
export const VideosPage = lazyNamed(() => import('@/features/videos/VideosPage'), 'VideosPage');
export const WorkWithUsPage = lazyNamed(
  () => import('@/features/forms/WorkWithUsPage'),
  'WorkWithUsPage',
);
