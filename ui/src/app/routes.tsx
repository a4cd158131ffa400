/**
 * Every route of the site (doc3 §2.1 united with doc2's, C06). Matching is exact and
 * case-sensitive; anything else is the 404 page. Pages live in their feature folders.
 */
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import {
  MusicRoute,
  NewsSlugRoute,
  PodcastSubRoute,
  PodcastTypeRoute,
  TagRoute,
} from './route-elements';
import { AffiliatesPage } from '@/features/affiliates/AffiliatesPage';
import { AlarmPage } from '@/features/alarm/AlarmPage';
import { AppsPage } from '@/features/static/AppsPage';
import { OpenAppPage } from '@/features/apps/OpenAppPage';
import { ArtistPage } from '@/features/artists/ArtistPage';
import { ArtistsPage } from '@/features/artists/ArtistsPage';
import { ClientPage } from '@/features/clients/ClientPage';
import { ClientsPage } from '@/features/clients/ClientsPage';
import { EMBED_PLAYER_PATH } from '@/features/embed/embed';
import { EmbeddedPlayerPage } from '@/features/embed/EmbeddedPlayerPage';
import { ContactPage } from '@/features/forms/ContactPage';
import { RecommendPage } from '@/features/forms/RecommendPage';
import { WorkWithUsPage } from '@/features/forms/WorkWithUsPage';
import { HomePage } from '@/features/home/HomePage';
import { TreasureHuntPage } from '@/features/hunt/TreasureHuntPage';
import { InboxPage } from '@/features/inbox/InboxPage';
import { JournalistPage } from '@/features/journalists/JournalistPage';
import { JournalistsPage } from '@/features/journalists/JournalistsPage';
import { TermsPage } from '@/features/legal/TermsPage';
import { MusicListPage } from '@/features/music/MusicListPage';
import { NewsListPage } from '@/features/news/NewsListPage';
import { NewsTagsPage } from '@/features/news/NewsTagsPage';
import { LivePage } from '@/features/player/LivePage';
import { PodcastsPage } from '@/features/podcasts/PodcastsPage';
import { ProBenefitsPage } from '@/features/pro/ProBenefitsPage';
import { EditProfilePage } from '@/features/profile/EditProfilePage';
import { ProgrammePage } from '@/features/programmes/ProgrammePage';
import { PartnersPage } from '@/features/partners/PartnersPage';
import { PromotionPage } from '@/features/promotions/PromotionPage';
import { PromotionsPage } from '@/features/promotions/PromotionsPage';
import { SearchPage } from '@/features/search/SearchPage';
import { AppLayout } from '@/features/shell/components/AppLayout/AppLayout';
import { ErrorPage } from '@/features/shell/pages/ErrorPage';
import { NotFoundPage } from '@/features/shell/pages/NotFoundPage';
import { AboutPage } from '@/features/static/AboutPage';
import { AdvertisePage } from '@/features/static/AdvertisePage';
import { EmbedPlayerPage } from '@/features/static/EmbedPlayerPage';
import { FeedsPage } from '@/features/static/FeedsPage';
import { SitemapPage } from '@/features/static/SitemapPage';
import { StatsPage } from '@/features/stats/StatsPage';
import { Top100Page } from '@/features/top/Top100Page';
import { Top10Page } from '@/features/top/Top10Page';
import { TvPage } from '@/features/tv/TvPage';
import { VideoPage } from '@/features/videos/VideoPage';
import { VideosPage } from '@/features/videos/VideosPage';

/** Path → page, in the order of the routes table. */
export const PAGE_ROUTES: { path: string; element: ReactNode }[] = [
  { path: '/', element: <HomePage /> },
  { path: '/afiliadas', element: <AffiliatesPage /> },
  { path: '/ouvir-radio-online', element: <LivePage /> },
  { path: '/artistas', element: <ArtistsPage /> },
  { path: '/artistas/:slug', element: <ArtistPage /> },
  { path: '/as-10-mais', element: <Top10Page /> },
  { path: '/as-10-mais/:slug', element: <Top10Page /> },
  { path: '/as-100-mais', element: <Top100Page /> },
  { path: '/as-100-mais/:year', element: <Top100Page /> },
  { path: '/a1stats', element: <StatsPage /> },
  { path: '/a1inbox', element: <InboxPage /> },
  { path: '/contato', element: <ContactPage /> },
  { path: '/musicas', element: <MusicListPage /> },
  { path: '/musicas/:slug', element: <MusicRoute /> },
  { path: '/noticias', element: <NewsListPage /> },
  { path: '/noticias/tags', element: <NewsTagsPage /> },
  { path: '/noticias/tags/:slug', element: <TagRoute /> },
  { path: '/noticias/:slug', element: <NewsSlugRoute /> },
  { path: '/jornalistas', element: <JournalistsPage /> },
  { path: '/jornalistas/:slug', element: <JournalistPage /> },
  { path: '/promocoes', element: <PromotionsPage /> },
  { path: '/promocoes/:slug', element: <PromotionPage /> },
  { path: '/quem-somos', element: <AboutPage /> },
  { path: '/podcasts', element: <PodcastsPage /> },
  { path: '/podcasts/:type', element: <PodcastTypeRoute /> },
  { path: '/podcasts/:type/:slug', element: <PodcastSubRoute /> },
  { path: '/programacao', element: <ProgrammePage /> },
  { path: '/parceiros', element: <PartnersPage /> },
  { path: '/incorporar-player', element: <EmbedPlayerPage /> },
  { path: '/recomende', element: <RecommendPage /> },
  { path: '/trabalhe-conosco', element: <WorkWithUsPage /> },
  { path: '/caca-ao-tesouro', element: <TreasureHuntPage /> },
  { path: '/busca', element: <SearchPage /> },
  { path: '/termos', element: <Navigate to="/termos/privacidade" replace /> },
  { path: '/termos/:slug', element: <TermsPage /> },
  { path: '/sitemap', element: <SitemapPage /> },
  { path: '/aplicativos', element: <AppsPage /> },
  { path: '/feeds', element: <FeedsPage /> },
  { path: '/anuncie-conosco', element: <AdvertisePage /> },
  { path: '/vantagens-da-assinatura-pro', element: <ProBenefitsPage /> },
  { path: '/open-app', element: <OpenAppPage /> },
  { path: '/tv', element: <TvPage /> },
  { path: '/videos', element: <VideosPage /> },
  { path: '/videos/:title', element: <VideoPage /> },
  { path: '/clientes', element: <ClientsPage /> },
  { path: '/clientes/:slug', element: <ClientPage /> },
  { path: '/perfil/editar-perfil', element: <EditProfilePage /> },
  { path: '/despertador', element: <AlarmPage /> },
];

/** The route tree: the shell layout, its error boundary, the pages and the 404 page. */
export const routes: RouteObject[] = [
  // The embeddable player: a page for other sites' iframes, without the site's shell.
  {
    path: EMBED_PLAYER_PATH,
    element: <EmbeddedPlayerPage />,
    errorElement: <ErrorPage />,
    caseSensitive: true,
  },
  {
    element: <AppLayout />,
    // Errors thrown by the layout itself: the error page alone.
    errorElement: <ErrorPage />,
    children: [
      {
        // Errors thrown by a page: the error page inside the shell.
        errorElement: <ErrorPage />,
        children: [
          ...PAGE_ROUTES.map(({ path, element }) => ({ path, element, caseSensitive: true })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
