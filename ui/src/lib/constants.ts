/**
 * Every timing and limit of the product docs (doc1–doc3 §9) that the UI uses, named, so that code
 * and tests (with fake timers) refer to the same numbers. The constant names of the spec are given
 * in comments.
 */

// ── Viewport (BREAKPOINT_*, RESIZE_DEBOUNCE; C18: < 768 is mobile, 768 is desktop) ──────────────
export const BREAKPOINT_XS = 576;
export const BREAKPOINT_SM = 768;
export const BREAKPOINT_MD = 992;
export const BREAKPOINT_LG = 1200;
export const RESIZE_DEBOUNCE_MS = 100;
/** Width from which the desktop header applies (doc1 §2, C18). */
export const DESKTOP_MIN_WIDTH = BREAKPOINT_SM;
/** Below this width the footer link groups become an accordion (doc1 §2). */
export const FOOTER_ACCORDION_BELOW = BREAKPOINT_MD;

// ── Header ────────────────────────────────────────────────────────────────────────────────────
/** HEADER_INLINE_CATEGORIES: the seven categories shown inline on desktop, by slug, in this order. */
export const HEADER_INLINE_CATEGORY_SLUGS = [
  'carros',
  'economia',
  'mundo',
  'musica',
  'politica',
  'saude',
  'tecnologia',
] as const;

/** The 14 news category slugs of the routes table (C09: matched before news slugs). */
export const NEWS_CATEGORY_SLUGS = [
  'musica',
  'saude',
  'economia',
  'politica',
  'tecnologia',
  'outros',
  'mundo',
  'cotidiano',
  'podcast',
  'cinema',
  'moda',
  'carros',
  'gastronomia',
  'viagem',
] as const;

// ── Cookies (COOKIE_NOTICE_DELAY, COOKIE_CONSENT_LIFETIME, BROWSER_HASH_COOKIE_LIFETIME; G39) ────
export const COOKIE_NOTICE_DELAY_MS = 100;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const COOKIE_CONSENT_NAME = 'a1_cookieConsent';
export const COOKIE_CONSENT_MAX_AGE_S = 2 * YEAR_SECONDS;
export const BROWSER_HASH_COOKIE_NAME = 'a1_browserHash';
export const BROWSER_HASH_MAX_AGE_S = 10 * YEAR_SECONDS;

// ── Footer (COPYRIGHT_START_YEAR) ────────────────────────────────────────────────────────────
export const COPYRIGHT_START_YEAR = 1975;

// ── Toasts (TOAST_INFO_SUCCESS_DURATION; errors never auto-close) ─────────────────────────────
export const TOAST_DURATION_MS = 3000;

// ── Search (SEARCH_DEBOUNCE, SEARCH_MAX_SUGGESTIONS; G02 caps the query at 100 characters) ─────
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MAX_SUGGESTIONS = 10;
export const SEARCH_QUERY_MAX_LENGTH = 100;

// ── App version check (UPDATE_CHECK_*; G38) ──────────────────────────────────────────────────
export const UPDATE_CHECK_FIRST_MS = 1_380_000;
/**
 * The checker's reference readings (one HEAD per build file, about 20) wait this long after start:
 * on a phone's few connections they queued ahead of the first page's data and pictures.
 * The first comparison still comes at UPDATE_CHECK_FIRST_MS from start.
 */
export const UPDATE_CHECK_REFERENCE_DELAY_MS = 10_000;
export const UPDATE_CHECK_INTERVAL_MS = 1_380_000;
export const UPDATE_CHECK_OFFLINE_RETRY_MS = 120_000;
export const UPDATE_CHECK_CACHE_BUSTER_BUCKET_MS = 300_000;

// ── Titles (PAGE_TITLE_MAX, TAG_TITLE_MAX, PROMO_TITLE_MAX) ──────────────────────────────────
export const PAGE_TITLE_MAX = 60;
export const TAG_TITLE_MAX = 32;
export const PROMO_TITLE_MAX = 40;

// ── Test flags (TEST_PARAM_PREFIX) ───────────────────────────────────────────────────────────
export const TEST_PARAM_PREFIX = 'test_';

// ── Volume (VOLUME_DEFAULT, VOLUME_MIN, VOLUME_MAX, VOLUME_STEP) ─────────────────────────────
export const VOLUME_DEFAULT = 80;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;
export const VOLUME_STEP = 10;
export const VOLUME_STORAGE_KEY = 'volume';

// ── Station ──────────────────────────────────────────────────────────────────────────────────
/**
 * Shown only while the station profile is loading and nothing was cached from an earlier visit;
 * the real name always comes from GET /api/v1/station (the brand is configurable, G01).
 */
export const FALLBACK_STATION_NAME = 'Onda FM';

// ── Data fetching ────────────────────────────────────────────────────────────────────────────
/** App parameters, station profile and categories change rarely: refetch at most every 5 minutes. */
export const SHELL_DATA_STALE_MS = 5 * 60 * 1000;

// ── Accounts (doc1 §4, §9; doc3 §4.1, §4.2, §9) ────────────────────────────────────────────────
/** LOGIN_MODAL_URL_DELAY: the login modal opens ~1.5 s after load from `?profile=…`. */
export const LOGIN_MODAL_URL_DELAY_MS = 1500;
/** LOGIN_COOKIE_READ_DELAY: after a confirmed login the session takes effect 1 s later. */
export const LOGIN_EFFECT_DELAY_MS = 1000;
/** LOGIN_UNCONFIRMED_JUMP_DELAY: unconfirmed login → confirm-email screen 1 s later. */
export const LOGIN_UNCONFIRMED_JUMP_DELAY_MS = 1000;
/** SOCIAL_SIGNUP_TO_LOGIN_MODAL: a social sign-up opens the login screen 500 ms later. */
export const SOCIAL_SIGNUP_TO_LOGIN_DELAY_MS = 500;
/** SOCIAL_LOGIN_EFFECT_DELAY: a social login takes effect 1000 ms later. */
export const SOCIAL_LOGIN_EFFECT_DELAY_MS = 1000;
/** EMAIL_CONFIRM_EFFECT_DELAY: token and profile 2.5 s after a confirmation. */
export const EMAIL_CONFIRM_EFFECT_DELAY_MS = 2500;
/** PROVIDER_SCRIPT_DELAY: the identity provider's SDK loads 700 ms after page load. */
export const PROVIDER_SCRIPT_DELAY_MS = 700;
/** LOGOUT_AFTER_PASSWORD_CHANGE. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 3000;
/** LOGOUT_AFTER_DELETE. */
export const LOGOUT_AFTER_DELETE_MS = 1000;

// ── Player (doc1 §4, §9; G35, G60) ─────────────────────────────────────────────────────────────
/** STREAM_RESELECT_DELAY: the stream is re-selected 200 ms after the PRO stream list loads. */
export const STREAM_RESELECT_DELAY_MS = 200;
/** STREAM_ERROR_RETRIES: automatic reloads of a failing stream before giving up. */
export const STREAM_ERROR_RETRIES = 3;
/** STREAM_RETRY_INTERVAL: between those reloads. */
export const STREAM_RETRY_INTERVAL_MS = 1000;
/** PAUSE_STOP_BUFFERING: a paused live stream stops downloading after 3 s (0 if still loading). */
export const PAUSE_STOP_BUFFERING_MS = 3000;
/** ONDEMAND_NEXT_TRACK_DELAY: the next on-demand track starts 300 ms after one ends or fails. */
export const ONDEMAND_NEXT_TRACK_DELAY_MS = 300;
/** AD_WAIT_MAX and AD_WAIT_STEP: the player waits up to 7 s for the preroll, checking every 1 s. */
export const AD_WAIT_MAX_MS = 7000;
export const AD_WAIT_STEP_MS = 1000;
/** AD_SIZE: the preroll's frame, 640x360 (scaled down, aspect ratio kept, on small screens). */
export const AD_WIDTH = 640;
export const AD_HEIGHT = 360;
/** NOW_PLAYING_FIRST and NOW_PLAYING_POLL: first now-playing call 1.5 s after load, then every 10 s. */
export const NOW_PLAYING_FIRST_MS = 1500;
export const NOW_PLAYING_POLL_MS = 10_000;
/** NOW_PLAYING_CACHE_BUCKET: the FYC cache-buster changes every 5 minutes. */
export const NOW_PLAYING_CACHE_BUCKET_MS = 300_000;
/** META_HISTORY_MIN_AGE: the last-played list is refreshed only when older than 15 s (or the stream changed). */
export const META_HISTORY_MIN_AGE_MS = 15_000;
/** G35: up to 10 last-played songs. */
export const META_HISTORY_MAX = 10;
/** HEARTBEAT_INTERVAL: an analytics heartbeat every 240 s while listening. */
export const HEARTBEAT_INTERVAL_MS = 240_000;
/** LISTEN_MILESTONES: cumulative listening minutes 1, 5, 15, 30, 60, then every 30 more. */
export const LISTEN_MILESTONES_MIN = [1, 5, 15, 30, 60] as const;
export const LISTEN_MILESTONE_STEP_MIN = 30;
/** RATING_LIKE and RATING_DISLIKE. */
export const RATING_LIKE = 10;
export const RATING_DISLIKE = 1;
/** G60: votes kept in localStorage, {musicHash, rating}, at most 200, oldest dropped first. */
export const RATINGS_STORAGE_KEY = 'ratings';
export const RATINGS_STORAGE_MAX = 200;
/** doc1 §4: the chosen stream is saved under 'streamId'. */
export const STREAM_STORAGE_KEY = 'streamId';
/** The page that every PRO prompt leads to ('Seja um assinante!'). */
export const PRO_BENEFITS_PATH = '/vantagens-da-assinatura-pro';
/** The live page; choosing its menu item starts the live stream. */
export const LIVE_PAGE_PATH = '/ouvir-radio-online';

// Beyond the spec (named here so tests use the same numbers):
/** A stall that lasts this long reconnects at the live edge (the stall text stays meanwhile). */
export const STALL_RECONNECT_MS = 10_000;
/** Reconnect backoff of the now-playing push channel (server-sent events): 1 s doubling to 30 s. */
export const NOW_PLAYING_EVENTS_RETRY_MIN_MS = 1000;
export const NOW_PLAYING_EVENTS_RETRY_MAX_MS = 30_000;
/** How often an open popup-stream window is checked for having been closed. */
export const POPUP_WATCH_MS = 1000;
/**
 * Timeshift over a channel's HLS source (features/player/engines/hls-timeshift.ts): the window a
 * listener can rewind in until the media playlist tells the real one (ONDA_HLS_WINDOW_MINUTES's
 * default), the step of 'Voltar 30 segundos' (and of the seek bar's arrow keys), how close to the
 * live edge counts as live (the mount plays from there: less delay than HLS's last segment), and
 * how far inside the window's oldest edge a seek lands (that segment may leave while it loads).
 */
export const TIMESHIFT_WINDOW_DEFAULT_MS = 2 * 60 * 60 * 1000;
export const TIMESHIFT_STEP_MS = 30_000;
export const TIMESHIFT_LIVE_TOLERANCE_MS = 10_000;
export const TIMESHIFT_WINDOW_MARGIN_MS = 8_000;
/** How often the timeshift controls read the position (the behind-live text, the seek bar). */
export const TIMESHIFT_POSITION_TICK_MS = 500;

// ── News (doc2 §2, §4, §7, §9; C20, C21, G33) ───────────────────────────────────────────────
/** NEWS_LIST_PAGE and NEWS_LOAD_MORE: the list shows 12 and each 'Carregar Mais' adds 12. */
export const NEWS_LIST_PAGE = 12;
export const NEWS_LOAD_MORE = 12;
/** HOME_NEWS_REFRESH: the home news are checked for new items this often (checkForNewNews). */
export const HOME_NEWS_REFRESH_MS = 120_000;
/** HOME_NEWS_FEATURED, HOME_NEWS_SECONDARY, HOME_REUTERS_MAX. */
export const HOME_NEWS_FEATURED = 1;
export const HOME_NEWS_SECONDARY = 6;
export const HOME_REUTERS_MAX = 5;
/** NEW_NEWS_BADGE_CLEAR: the 'new' badge of items found by checkForNewNews goes after 10 s. */
export const NEW_NEWS_BADGE_CLEAR_MS = 10_000;
/** MOST_READ_COUNT: most read of the week. */
export const MOST_READ_COUNT = 4;
/** RELATED_NEWS_REQUEST, RELATED_NEWS_MIN, RELATED_BLOCK_MIN (C20). */
export const RELATED_NEWS_REQUEST = 10;
export const RELATED_NEWS_MIN = 6;
export const RELATED_BLOCK_MIN = 3;
/** RELATED_FETCH_SCROLL_DISTANCE and RELATED_FETCH_MIN_DELAY: within 500 px of the end, not before 2 s. */
export const RELATED_FETCH_SCROLL_DISTANCE = 500;
export const RELATED_FETCH_MIN_DELAY_MS = 2000;
/** SIDE_BLOCK_SCROLL: the most-read side block appears after 771 px of scroll (≥ 992 px wide only). */
export const SIDE_BLOCK_SCROLL = 771;
export const SIDE_BLOCK_MIN_WIDTH = BREAKPOINT_MD;
/** NEWS_VIEW_BATCH_DELAY: news views are sent 2 s after the last view. */
export const NEWS_VIEW_BATCH_DELAY_MS = 2000;
/** The newsViewsHit endpoint takes at most 100 views per batch. */
export const NEWS_VIEW_BATCH_MAX = 100;
/** CATEGORY_BLOCK_INITIAL_HOME, CATEGORY_BLOCK_INITIAL_MOBILE, CATEGORY_BLOCK_STEP (C19). */
export const CATEGORY_BLOCK_INITIAL_HOME = 13;
export const CATEGORY_BLOCK_INITIAL_MOBILE = 6;
export const CATEGORY_BLOCK_STEP = 9;
/** TAG_FIRST_PAGE, TAG_NEXT_PAGE, TAG_SCROLL_DISTANCE, TAG_SCROLL_DEBOUNCE. */
export const TAG_FIRST_PAGE = 12;
export const TAG_NEXT_PAGE = 16;
export const TAG_SCROLL_DISTANCE = 1000;
export const TAG_SCROLL_DEBOUNCE_MS = 100;
/** G57: the news-views session hash lives in sessionStorage under this key. */
export const NEWS_SESSION_HASH_KEY = 'newsSessionHash';

// ── Analytics sender (first-party endpoint POST /api/v1/analytics/events) ─────────────────────
/** Events are sent in batches, this long after the last one was tracked. */
export const ANALYTICS_FLUSH_DEBOUNCE_MS = 5000;
/** After a failed send the kept events are retried this much later (doubling up to the max). */
export const ANALYTICS_RETRY_MS = 30_000;
export const ANALYTICS_RETRY_MAX_MS = 5 * 60_000;
/** At most this many events per request. */
export const ANALYTICS_BATCH_MAX = 100;

// ── Statistics dashboard (doc3 §4.7, §5, §9; G20) ──────────────────────────────────────────────
/** STATS_POLL: the live listener counters are read again every 20 s. */
export const STATS_POLL_MS = 20_000;
/** STATS_DEFAULT_RANGE_DAYS: the history opens on the last 7 days, 00:00 to 23:59. */
export const STATS_DEFAULT_RANGE_DAYS = 7;
/** STATS_DEFAULT_GROUP and its options. */
export const STATS_GROUPINGS = ['minute', 'hour', 'day', 'week', 'month'] as const;
export const STATS_DEFAULT_GROUP = 'hour' satisfies (typeof STATS_GROUPINGS)[number];
/** STATS_CHART_MODES. */
export const STATS_CHART_MODES = ['all', 'onlyMax', 'onlyMin', 'onlyMean'] as const;
/** STATS_PERMISSIONS: 1 read statistics, 2 clean cache (controls + links), 3 affiliates (Filiais). */
export const STATS_PERMISSION_READ = 1;
export const STATS_PERMISSION_CACHE = 2;
export const STATS_PERMISSION_AFFILIATES = 3;
/** IMPACT_TZ_OFFSET: statistics times are Brasília wall-clock time, UTC−3 all year. */
export const STATS_TZ_OFFSET_HOURS = -3;
/** G20: at most 100 timestamps per impact report. */
export const IMPACT_MAX_TIMESTAMPS = 100;

// ── Home widgets (doc2 §2, §9; G23, G34) ─────────────────────────────────────────────────────
/** WEATHER_TEMP_THRESHOLDS: the weather icon's buckets, ≤10, ≤20, ≤30 and above 30 °C. */
export const WEATHER_TEMP_THRESHOLDS = [10, 20, 30] as const;
/**
 * The browser position is good for this long (the server's weather cache is 10 minutes per ~1 km
 * cell; a position from the last 10 minutes names the same cell).
 */
export const WEATHER_POSITION_MAX_AGE_MS = 10 * 60_000;
/** How long the browser may take to find the position before the strip says 'Erro'. */
export const WEATHER_POSITION_TIMEOUT_MS = 15_000;
/** Coordinates leave the browser rounded to 2 decimals (about 1 km), the server's cache cell. */
export const WEATHER_COORD_DECIMALS = 2;
/** CURRENCY_TOGGLE: USD-BRL and EUR-BRL take turns this often. */
export const CURRENCY_TOGGLE_MS = 5000;
/** CURRENCY_CRYPTO_REFRESH: both boxes are read again this often (paused while the tab is hidden). */
export const MARKETS_REFRESH_MS = 60_000;
/** CRYPTO_TOP: the coins shown, by market cap in USD. */
export const CRYPTO_TOP = 4;
