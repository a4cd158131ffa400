/**
 * The shell's first frame as HTML, rendered once at build time (scripts/prerender-shell.mjs) and
 * written by the server into every page's `#root` (server/src/web/mod.rs), so a phone paints the header,
 * the player bar, the hunt banner and the cookie notice while the JavaScript is still on its way
 * (first contentful paint). React replaces it on its first commit (boot.tsx).
 *
 * It is the real app: the same layout component, with the empty data cache every first frame has.
 * The header depends on the viewport width (mobile under 768 px), so there is one rendering per
 * layout; the server picks by the browser's word for a phone. The parts that depend on the visit
 * come in variants: with or without the cookie notice (the server knows the consent cookie) and
 * with or without the hunt banner, whose message is a slot the server fills.
 */
import { isValidElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@/lib/router';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { PAGE_ROUTES } from '@/app/routes';
import { huntInfoQueryOptions } from '@/features/hunt/api/hunt-api';
import { HUNT_PATH } from '@/features/hunt/hunt-constants';
import { HomeHero } from '@/features/home/HomeHero';
import { musicListInfiniteQueryOptions } from '@/features/music/api/get-music-list';
import { MusicListPage } from '@/features/music/MusicListPage';
import { NO_MUSIC_FILTERS } from '@/features/music/music';
import { NewsArticle } from '@/features/news/NewsArticlePage';
import { LivePage } from '@/features/player/LivePage';
import { resetPlayerRuntime, seedNowPlaying } from '@/features/player/player-runtime';
import { AppLayout } from '@/features/shell/components/AppLayout/AppLayout';
import type { HuntInfo } from '@/generated/HuntInfo';
import type { Music } from '@/generated/Music';
import type { NewsItem } from '@/generated/NewsItem';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { StationInfo } from '@/generated/StationInfo';
import type { AppParameters } from '@/generated/AppParameters';
import { appParametersQueryOptions } from '@/lib/app-parameters';
import { setServerRenderWidth } from '@/lib/breakpoints';
import { DEFERRED_SCRIPTS_ID } from '@/lib/deferred-scripts';
import { BREAKPOINT_LG, COOKIE_CONSENT_NAME } from '@/lib/constants';
import { setServerShowedCookieNotice } from '@/lib/server-shell';
import { resetSession, setSession } from '@/lib/session';
import { stationQueryOptions } from '@/lib/station';
import { type FramePiece, frameTemplate, slot } from './frame-template';

/** Where the server writes the hunt's banner message, HTML-escaped. */
export const HUNT_MESSAGE_SLOT = 'ONDA_PRERENDER_HUNT_MESSAGE';
/** Where, inside the layout's `<main>`, the server writes the page's first screen, or nothing. */
export const PAGE_SLOT = 'ONDA_PRERENDER_PAGE';
/**
 * A page whose first screen is drawn into its HTML as well (the largest paint is then in
 * the first frame, before any script): the same component React draws first, from the same data, so
 * React's frame replaces this one unchanged. A template per layout (frame-template.ts), whose slots
 * and parts the server fills from the page's data of the kind named.
 */
interface PageFrame {
  /** The React Router pattern of the page's address. */
  path: string;
  /**
   * What fills the slots: `station` (the station's profile: `stationName`) or `newsItem` (the
   * page's news item: see NEWS_ITEM_PARTS and newsItemStandIn) or `musicList` (the first songs of
   * /musicas: seedMusicStandIns) or `live` (the song on air: see LIVE_PARTS and nowPlayingStandIn).
   * The server draws no frame when it lacks that data.
   */
  data: 'station' | 'newsItem' | 'musicList' | 'live';
  mobile: FramePiece[];
  desktop: FramePiece[];
}

export interface PrerenderedShell {
  /** The consent cookie: when the request carries it with the value '1', no notice. */
  consentCookie: string;
  /** The hunt page shows no banner. */
  huntPath: string;
  huntMessageSlot: string;
  pageSlot: string;
  pageFrames: PageFrame[];
  /** The template that holds the app's preload links on a page in `pageFrames` (main.tsx). */
  deferredScriptsId: string;
  /**
   * Each layout's variants, keyed `plain`, `cookie`, `hunt` and `hunt+cookie`, each also with the
   * song on air in the player bar and the header's widget (`plain+song`…): the header as React
   * draws it without the station's data. Each also as a template drawn from the station's header
   * (`plain+station`, `plain+song+station`…: see STATION_HEADER_PARTS), which the server fills when
   * it has that data.
   */
  mobile: Record<string, string | FramePiece[]>;
  desktop: Record<string, string | FramePiece[]>;
}

/**
 * The song on air as the player bar and the header's widget draw it: its title, artist and small
 * cover are slots the server fills from the page's data (server/src/web/initial_data.rs
 * `song_on_air`), which React's first frame draws too; between songs the server picks the variant
 * drawn without it.
 */
function shellSongStandIn(): NowPlaying {
  // The live page's stand-in without its optional parts, with the small cover as a slot of its own.
  return {
    ...nowPlayingStandIn(new Set(LIVE_PARTS)),
    cover: { '1000': '', '150': slot('coverSmall') },
  };
}

/** An address the menus mark no item of, and that changes nothing else in the layout. */
const UNMARKED_PATH = '/contato';

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * The header's parts drawn from the station's data (server/src/web/initial_data.rs `shell_header`):
 * - `headerBarText`, `headerBarTitle`: the top bar's text (`topBarText`; without one, 'Ouça a
 *   {station} ao vivo') and its link's title (`topBarTitle`);
 * - `anonymous`: the visit carries no session cookie, so React's first frame offers 'Entrar'
 *   (boot.tsx settles an anonymous session before it); with one, that place stays empty until the
 *   session is known, as in React's;
 * - `home`: the page is the home page, whose item the desktop's main menu marks (drawn elsewhere
 *   at an address no menu item marks: another page's item is marked once React draws it);
 * - `commercial`: the station's commercial page is an https address (`commercialAddress`, what
 *   follows 'https://'), which the desktop's main menu opens in a new tab with the external mark;
 *   without one, its own page.
 * The logo (`logoUrl`; `logoAlt`, its text or the station's name; `logoWidth` and `logoHeight`, its
 * size, empty when unknown) is in the header and, between
 * songs, in the player bar: two places, so not a part; the top bar's link and colours are drawn at
 * their defaults. The server fills the template only for a station with a logo whose bar uses those
 * defaults (and not in maintenance); otherwise it writes the variant drawn without the station.
 */
export const STATION_HEADER_PARTS = [
  'headerBarText',
  'headerBarTitle',
  'anonymous',
  'home',
  'commercial',
];

/** The parts the desktop's header alone draws (the phone's main menu is in the drawer). */
const DESKTOP_ONLY_PARTS = new Set(['home', 'commercial']);

/** The app parameters as the header draws them, every text a slot, without the parts in `absent`. */
function stationHeaderStandIn(absent: ReadonlySet<string>): AppParameters {
  return {
    // The size's slots are attribute text, where the type has numbers.
    logo: {
      url: slot('logoUrl'),
      alt: slot('logoAlt'),
      width: slot('logoWidth') as unknown as number,
      height: slot('logoHeight') as unknown as number,
    },
    headerBar: {
      text: absent.has('headerBarText') ? '' : slot('topBarText'),
      title: absent.has('headerBarTitle') ? '' : slot('topBarTitle'),
      link: '',
      gradientFrom: '',
      gradientTo: '',
    },
    maintenance: false,
    preroll: { adManagerUrl: '', targetingUrl: '' },
    enabledTests: [],
    campaignStreams: {},
  };
}

interface VariantOptions {
  hunt: boolean;
  cookie: boolean;
  song: boolean;
  /** Drawn from the station's header without these parts; none: without the station's data. */
  station?: ReadonlySet<string>;
}

function renderVariant(width: number, { hunt, cookie, song, station }: VariantOptions): string {
  setServerRenderWidth(width);
  setServerShowedCookieNotice(cookie);
  const queryClient = new QueryClient();
  if (hunt) {
    // Only the banner's message is drawn from the hunt.
    queryClient.setQueryData(huntInfoQueryOptions().queryKey, {
      bannerMessage: HUNT_MESSAGE_SLOT,
    } as HuntInfo);
  }
  if (station) {
    queryClient.setQueryData(stationQueryOptions().queryKey, {
      name: slot('stationName'),
      commercialUrl: station.has('commercial') ? '' : `https://${slot('commercialAddress')}`,
    } as StationInfo);
    queryClient.setQueryData(appParametersQueryOptions().queryKey, stationHeaderStandIn(station));
  }
  // The song lives in the player's runtime, the session in its store, both outside React: seeded
  // for this rendering only.
  resetPlayerRuntime();
  resetSession();
  if (song) seedNowPlaying(shellSongStandIn());
  if (station && !station.has('anonymous')) setSession(null);
  try {
    // React's server rendering writes a preload link for each eager picture (the logo) at the top;
    // the frame's pictures load from their <img> in the page's first bytes anyway.
    return renderToString(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[station?.has('home') ? UNMARKED_PATH : '/']}>
          <AppLayout>{PAGE_SLOT}</AppLayout>
        </MemoryRouter>
      </AppProvider>,
    ).replace(IMAGE_PRELOAD, '');
  } finally {
    resetPlayerRuntime();
    resetSession();
  }
}

/**
 * Each variant of a layout, keyed `plain`, `cookie`, `hunt`, `hunt+cookie`, each `+song`, and each
 * of those `+station` (a template).
 */
function renderLayout(width: number): Record<string, string | FramePiece[]> {
  const variants: Record<string, string | FramePiece[]> = {};
  for (const [key, hunt, cookie] of [
    ['plain', false, false],
    ['cookie', false, true],
    ['hunt', true, false],
    ['hunt+cookie', true, true],
  ] as const) {
    for (const song of [false, true]) {
      const name = song ? `${key}+song` : key;
      variants[name] = renderVariant(width, { hunt, cookie, song });
      variants[`${name}+station`] = frameTemplate(
        (absent) => renderVariant(width, { hunt, cookie, song, station: absent }),
        // The phone's header has no main menu (it is in the drawer, drawn when opened).
        width < BREAKPOINT_LG
          ? STATION_HEADER_PARTS.filter((part) => !DESKTOP_ONLY_PARTS.has(part))
          : STATION_HEADER_PARTS,
      );
    }
  }
  return variants;
}

function renderPage(
  width: number,
  path: string,
  page: ReactNode,
  seed?: (client: QueryClient) => void,
): string {
  setServerRenderWidth(width);
  const queryClient = new QueryClient();
  queryClient.setQueryData(stationQueryOptions().queryKey, {
    name: slot('stationName'),
  } as StationInfo);
  seed?.(queryClient);
  return renderToString(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </AppProvider>,
  );
}

function pageFrame(
  path: string,
  data: PageFrame['data'],
  parts: string[],
  page: (absent: ReadonlySet<string>) => ReactNode,
  seed?: (client: QueryClient) => void,
): PageFrame {
  const template = (width: number) =>
    frameTemplate((absent) => renderPage(width, path, page(absent), seed), parts);
  return { path, data, mobile: template(375), desktop: template(BREAKPOINT_LG) };
}

/**
 * How many songs of /musicas' first page the frame draws: two rows of four on a desktop, more than
 * a phone's screen holds in its one column. The server fills the slots of every song the page's
 * data has, so it draws the frame only when there are at least as many; React's first frame draws
 * the rest of the page below them.
 */
const MUSIC_FRAME_CARDS = 8;

/** /musicas' first songs, each text a numbered slot (`musicName0`, `artistSlug3`…). */
function seedMusicStandIns(client: QueryClient) {
  const items = Array.from(
    { length: MUSIC_FRAME_CARDS },
    (_, index) =>
      ({
        musicId: index + 1,
        musicName: slot(`musicName${index}`),
        musicSlug: slot(`musicSlug${index}`),
        artistName: slot(`artistName${index}`),
        artistSlug: slot(`artistSlug${index}`),
        itunesCover: slot(`itunesCover${index}`),
      }) as Music,
  );
  client.setQueryData(musicListInfiniteQueryOptions(NO_MUSIC_FILTERS).queryKey, {
    pages: [items],
    pageParams: [0],
  });
}

/**
 * A news item's optional parts, as the server decides them from the item: a subtitle, an update
 * date, the PRO badge, a category (its breadcrumb) and a caption (else the cover's text is the title).
 */
const NEWS_ITEM_PARTS = ['subtitle', 'updateDate', 'pro', 'category', 'caption'];

/**
 * The news item the frame is drawn from: its texts are slots, the dates' shown text too (the build
 * draws `formatNewsDateTime(slot)` as the slot's `Text` twin, scripts/prerender-shell.mjs). Only an
 * item with both covers, no cover video and no cover link is drawn (the server checks).
 */
function newsItemStandIn(absent: ReadonlySet<string>): NewsItem {
  const unless = (part: string, value: string) => (absent.has(part) ? '' : value);
  return {
    id: 0,
    slug: slot('slug'),
    title: slot('title'),
    titleHome: slot('title'),
    subtitle: unless('subtitle', slot('subtitle')),
    date: slot('date'),
    updateDate: absent.has('updateDate') ? null : slot('updateDate'),
    author: slot('author'),
    source: 'redacao',
    categoryName: unless('category', slot('categoryName')),
    categorySlug: unless('category', slot('categorySlug')),
    imageNew: slot('imageNew'),
    image: slot('imageNew'),
    featuredImage: slot('featuredImage'),
    imageCaption: unless('caption', slot('imageCaption')),
    imageLink: '',
    coverVideo: false,
    coverVideoYoutubeId: '',
    coverVideoFileName: '',
    podcastId: '',
    podcastType: '',
    podcastPlayerStyle: '',
    podcastPlayerColor: '',
    tagSlug: '',
    tagNews: [],
    keyword: '',
    pro: !absent.has('pro'),
    journalistName: null,
    journalistSlug: null,
    journalistImageFile: null,
    newNews: false,
  };
}

/**
 * The live page's optional parts, as the server decides them from the song on air: the artist's
 * page (the artist's name is a link to it) and the album and year line.
 */
const LIVE_PARTS = ['artistPage', 'details'];

/**
 * The song on air the live page's frame is drawn from: its texts are slots (the album and year line
 * is one, `details`, which the server joins as the page does). Only a song with a cover is drawn
 * (the server checks); between songs the page is React's alone.
 */
function nowPlayingStandIn(absent: ReadonlySet<string>): NowPlaying {
  return {
    metaId: 'frame',
    song: slot('song'),
    artist: slot('artist'),
    artistSlug: absent.has('artistPage') ? '' : slot('artistSlug'),
    musicSlug: '',
    album: absent.has('details') ? '' : slot('details'),
    year: null,
    cover: { '1000': slot('cover'), '150': slot('cover') },
    time: '',
    metaType: 'music',
    startedAtMs: 0,
    durationMs: 0,
  };
}

/**
 * The live page's frame. The song on air lives in the player's runtime, outside React: it is seeded
 * before each rendering and the runtime dropped after, so no other rendering finds it there (the
 * shell's variants seed their own: renderVariant).
 */
function liveFrame(): PageFrame {
  const frame = pageFrame(
    '/ouvir-radio-online',
    'live',
    LIVE_PARTS,
    (absent) => {
      resetPlayerRuntime();
      seedNowPlaying(nowPlayingStandIn(absent));
      return (
        <>
          <LivePage firstScreen />
          <div style={{ minHeight: '100vh' }} />
        </>
      );
    },
    // The share links (desktop) carry the page's address, from the station's public address.
    (client) =>
      client.setQueryData(stationQueryOptions().queryKey, {
        name: slot('stationName'),
        publicUrl: slot('publicUrl'),
      } as StationInfo),
  );
  resetPlayerRuntime();
  return frame;
}

export function prerenderShell(): PrerenderedShell {
  return {
    consentCookie: COOKIE_CONSENT_NAME,
    huntPath: HUNT_PATH,
    huntMessageSlot: HUNT_MESSAGE_SLOT,
    pageSlot: PAGE_SLOT,
    pageFrames: [
      pageFrame('/', 'station', [], () => <HomeHero />),
      // The frame ends under the cover; React's page goes on with the text. The space below keeps
      // the footer out of the first screen until React's text takes its place (no shift).
      pageFrame('/noticias/:slug', 'newsItem', NEWS_ITEM_PARTS, (absent) => (
        <>
          <NewsArticle item={newsItemStandIn(absent)} firstScreen />
          <div style={{ minHeight: '100vh' }} />
        </>
      )),
      pageFrame(
        '/musicas',
        'musicList',
        [],
        () => (
          <>
            <MusicListPage />
            <div style={{ minHeight: '100vh' }} />
          </>
        ),
        seedMusicStandIns,
      ),
      liveFrame(),
    ],
    deferredScriptsId: DEFERRED_SCRIPTS_ID,
    // 375 px: the phones most visitors hold; the header and player bar are fluid within a layout.
    mobile: renderLayout(375),
    desktop: renderLayout(BREAKPOINT_LG),
  };
}

/** A route's element type: a lazy page, or a route element that picks one (app/route-elements.tsx). */
interface RouteElementType {
  exportName?: string;
  usualPage?: { exportName: string };
}

function pageOf(element: ReactNode): string | undefined {
  if (!isValidElement(element)) return undefined;
  const type = element.type as RouteElementType | string;
  if (typeof type === 'string') return undefined;
  return type.exportName ?? type.usualPage?.exportName;
}

/**
 * Each address pattern of the site with the page it draws, by export name (lib/lazy.ts): the build
 * turns the names into each page's files (scripts/prerender-shell.mjs), which the server preloads
 * with the HTML of a matching address.
 */
export function pageRoutes(): { path: string; page: string }[] {
  return PAGE_ROUTES.flatMap(({ path, element }) => {
    const page = pageOf(element);
    return page ? [{ path, page }] : [];
  });
}
