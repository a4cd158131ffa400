/**
 * Every route of the site (doc3 §2.1 united with doc2's, C06). Matching is exact and
 * case-sensitive; anything else is the 404 page. Pages live in their feature folders.
 */
import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from '@/lib/router';
import {
  MusicRoute,
  NewsSlugRoute,
  PodcastSubRoute,
  PodcastTypeRoute,
  TagRoute,
} from './route-elements';
import { PageOutlet } from './PageFallback';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import {
  AboutPage,
  AdvertisePage,
  AffiliatesPage,
  AlarmPage,
  AppsPage,
  ArtistPage,
  ArtistsPage,
  BackofficeCataloguePage,
  BackofficeLivePage,
  BackofficePromotionsPage,
  BackofficeSchedulePage,
  ClientPage,
  ClientsPage,
  ContactPage,
  EditProfilePage,
  EmbedPlayerPage,
  EmbeddedPlayerPage,
  FeedsPage,
  HomePage,
  InboxPage,
  JournalistPage,
  JournalistsPage,
  LivePage,
  MusicListPage,
  NewsListPage,
  NewsroomPage,
  NewsTagsPage,
  NotFoundPage,
  OpenAppPage,
  PartnersPage,
  PeoplePage,
  PodcastsPage,
  ProBenefitsPage,
  ProgramDetailPage,
  ProgrammePage,
  PromotionPage,
  PromotionsPage,
  RecommendPage,
  SearchPage,
  SitemapPage,
  StatsPage,
  TermsPage,
  Top100Page,
  Top10Page,
  TreasureHuntPage,
  TvPage,
  VideoPage,
  VideosPage,
  WorkWithUsPage,
} from './pages';
import { EMBED_PLAYER_PATH } from '@/features/embed/embed';
import { AppLayout } from '@/features/shell/components/AppLayout/AppLayout';

// Each page is a chunk of its own, fetched when it is first shown (pages.ts); the shell (layout,
// header, player bar, footer) and the error page are in the entry.

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
  { path: '/a1redacao', element: <NewsroomPage view="list" /> },
  { path: '/a1redacao/nova', element: <NewsroomPage view="editor" /> },
  { path: '/a1redacao/:id', element: <NewsroomPage view="editor" /> },
  { path: '/a1redacao/:id/previa', element: <NewsroomPage view="preview" /> },
  { path: '/a1promocoes', element: <BackofficePromotionsPage view="list" /> },
  { path: '/a1promocoes/nova', element: <BackofficePromotionsPage view="promotion" /> },
  { path: '/a1promocoes/:id', element: <BackofficePromotionsPage view="promotion" /> },
  { path: '/a1promocoes/cacas/nova', element: <BackofficePromotionsPage view="hunt" /> },
  { path: '/a1promocoes/cacas/:id', element: <BackofficePromotionsPage view="hunt" /> },
  { path: '/a1catalogo', element: <BackofficeCataloguePage view="home" /> },
  { path: '/a1catalogo/parametros', element: <BackofficeCataloguePage view="settings" /> },
  { path: '/a1catalogo/:key', element: <BackofficeCataloguePage view="list" /> },
  { path: '/a1catalogo/:key/novo', element: <BackofficeCataloguePage view="new" /> },
  { path: '/a1catalogo/:key/:id', element: <BackofficeCataloguePage view="edit" /> },
  { path: '/a1aovivo', element: <BackofficeLivePage /> },
  // The grid opens on the main channel. The playlists' list and new playlist are ids of the
  // playlists' pattern ('lista', 'nova'), as the server matches these addresses by shape.
  { path: '/a1programacao', element: <Navigate to="/a1programacao/onda_1" replace /> },
  { path: '/a1programacao/:streamId', element: <BackofficeSchedulePage view="grid" /> },
  { path: '/a1programacao/playlists/:id', element: <BackofficeSchedulePage view="playlist" /> },
  { path: '/a1pessoas', element: <PeoplePage /> },
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
  { path: '/programacao/:slug', element: <ProgramDetailPage /> },
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
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <EmbeddedPlayerPage />
        </Suspense>
      </RouteErrorBoundary>
    ),
    caseSensitive: true,
  },
  {
    // Errors thrown by the layout itself: the error page alone.
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Errors thrown by a page (a chunk that failed to load too): the error page inside the
        // shell. A page whose chunk is not here yet: the shell stays, the page's place waits.
        element: (
          <RouteErrorBoundary>
            <PageOutlet />
          </RouteErrorBoundary>
        ),
        children: [
          ...PAGE_ROUTES.map(({ path, element }) => ({ path, element, caseSensitive: true })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
