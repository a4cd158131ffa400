import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PodcastEpisode } from '@/generated/PodcastEpisode';
import type { PodcastShow } from '@/generated/PodcastShow';
import { clearTrackedEvents, trackedEvents } from '@/lib/analytics';
import { resetSession, setSession } from '@/lib/session';
import { errorReply, mockApi, rawReply } from '@/test/api-mock';
import { act, fireEvent, render, screen, waitFor, within } from '@/test/render';
import {
  END_OF_LIST,
  NO_OTHER_PODCAST_TEXT,
  PODCAST_ERROR_TEXT,
  PODCAST_NOT_FOUND_TEXT,
  PODCAST_NOT_LOADED_EVENT,
} from './messages';
import { getPlayerRuntime } from '@/features/player/player-runtime';
import { OtherPodcastsPage } from './OtherPodcastsPage';
import { PodcastShowPage } from './PodcastShowPage';
import { PodcastsPage } from './PodcastsPage';

let nextShowId = 1;

function show(slug: string, extra: Partial<PodcastShow> = {}): PodcastShow {
  return {
    id: nextShowId++,
    slug,
    name: `Show ${slug}`,
    subtitle: 'Sub',
    description: 'Sobre o programa',
    thumb: `/media/img/show/${slug}.svg`,
    imageFeatured: '',
    type: 'mixcloud',
    showId: slug,
    pro: false,
    podcastPlayerStyle: 'show',
    podcastPlayerColor: '',
    playerUrl: `https://player.example/?feed=%2Fonda%2F${slug}%2F`,
    ...extra,
  };
}

const SHOWS = [
  show('papo'),
  show('sem-id', { showId: '', playerUrl: null }),
  show('bastidores', { pro: true, playerUrl: null }),
];

function episodes(from: number, count: number): PodcastEpisode[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `episodio-${from + i}`,
    title: `Episódio ${from + i}`,
    subtitle: '',
    date: '2026-11-20T10:00:00-03:00',
    image: '',
    pro: false,
  }));
}

function setScroll(atBottom: boolean) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: atBottom ? 5000 : 0 });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: 5900,
  });
}

afterEach(() => {
  vi.useRealTimers();
  resetSession();
  clearTrackedEvents();
});

describe('/podcasts grid', () => {
  it('links each show, hides PRO shows and shows without showId, no PRO call anonymously (PD-01)', async () => {
    const fetchMock = mockApi({ '/api/v1/getPodcastsData': SHOWS });
    render(<PodcastsPage />);
    const grid = await screen.findByTestId('podcast-grid');
    const links = within(grid).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/podcasts/papo']);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getProPodcastsData'))).toBe(
      false,
    );
  });

  it('a logged-in user fetches getProPodcastsData, the grid still hides PRO shows (PD-02, C36)', async () => {
    setSession({ user: { userId: 7, name: 'Ana', email: 'a@x.br', isPro: false }, token: 'tok' });
    const fetchMock = mockApi({
      '/api/v1/getPodcastsData': SHOWS,
      '/api/v1/getProPodcastsData': [show('bastidores', { pro: true, playerUrl: null })],
    });
    render(<PodcastsPage />);
    await screen.findByTestId('podcast-grid');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getProPodcastsData'))).toBe(
        true,
      ),
    );
    expect(screen.queryByText('Show bastidores')).not.toBeInTheDocument();
  });

  it('shows the server error text when the data fetch fails (PD-08)', async () => {
    mockApi({ '/api/v1/getPodcastsData': errorReply(500, 'boom') });
    render(<PodcastsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(PODCAST_ERROR_TEXT);
  });
});

describe('/podcasts/{show}', () => {
  beforeEach(() => setScroll(false));

  it('load button first, iframe after 700 ms, podcast_not_loaded after 7 s, episodes link to /noticias (PD-03)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      '/api/v1/getPodcastsData': SHOWS,
      '/api/v1/getPodcastEpisodes/papo/0/20': episodes(0, 20),
    });
    render(<PodcastShowPage show="papo" />);
    expect(await screen.findByTestId('podcast-load-button')).toBeInTheDocument();
    expect(screen.queryByTestId('podcast-iframe')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(650);
    });
    expect(screen.queryByTestId('podcast-iframe')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    const frame = screen.getByTestId('podcast-iframe');
    expect(frame).toHaveAttribute('src', SHOWS[0]?.playerUrl ?? '');
    expect(frame).toHaveAttribute('height', '480');
    await act(async () => {
      vi.advanceTimersByTime(6900);
    });
    expect(trackedEvents().filter((e) => e.action === PODCAST_NOT_LOADED_EVENT)).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(trackedEvents().filter((e) => e.action === PODCAST_NOT_LOADED_EVENT)).toEqual([
      expect.objectContaining({ category: 'podcasts', label: 'papo' }),
    ]);
    const list = await screen.findByTestId('episode-list');
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/noticias/episodio-0');
    expect(screen.getByTestId('podcasts-back')).toHaveAttribute('href', '/podcasts');
  });

  it('the player playing pauses the radio, pausing lets it resume; the radio pauses the player (PL-18)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/v1/getPodcastsData': SHOWS, '/api/v1/getPodcastEpisodes/papo/0/20': [] });
    const machine = getPlayerRuntime().player;
    const started = vi.spyOn(machine, 'podcastStarted');
    const stopped = vi.spyOn(machine, 'podcastStopped');
    const register = vi.spyOn(machine, 'registerPodcastPlayer');
    render(<PodcastShowPage show="papo" />);
    await screen.findByTestId('podcast-load-button');
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    const frame = screen.getByTestId('podcast-iframe') as HTMLIFrameElement;
    const source = frame.contentWindow;
    const post = vi.spyOn(source as Window, 'postMessage');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'play' }, source }));
    });
    expect(started).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'pause' }, source }));
    });
    expect(stopped).toHaveBeenCalledTimes(1);
    // Messages from other windows are not the player's.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'play' } }));
    });
    expect(started).toHaveBeenCalledTimes(1);
    const handle = register.mock.calls[0]?.[0];
    handle?.pause();
    expect(post).toHaveBeenCalledWith({ method: 'pause' }, '*');
  });

  it('no event when the player loads in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/v1/getPodcastsData': SHOWS, '/api/v1/getPodcastEpisodes/papo/0/20': [] });
    render(<PodcastShowPage show="papo" />);
    await screen.findByTestId('podcast-load-button');
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    fireEvent.load(screen.getByTestId('podcast-iframe'));
    await act(async () => {
      vi.advanceTimersByTime(8000);
    });
    expect(trackedEvents().some((e) => e.action === PODCAST_NOT_LOADED_EVENT)).toBe(false);
  });

  it('20 more episodes load at the end of the list: getPodcastEpisodes/{show}/20/20 (PD-04)', async () => {
    const fetchMock = mockApi({
      '/api/v1/getPodcastsData': SHOWS,
      '/api/v1/getPodcastEpisodes/papo/0/20': episodes(0, 20),
      '/api/v1/getPodcastEpisodes/papo/20/20': episodes(20, 5),
    });
    render(<PodcastShowPage show="papo" />);
    const list = await screen.findByTestId('episode-list');
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    setScroll(true);
    fireEvent.scroll(window);
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/papo/20/20'))).toBe(true);
  });

  it('an unknown show gives the not-found text with a back link (PD-05)', async () => {
    mockApi({ '/api/v1/getPodcastsData': SHOWS });
    render(<PodcastShowPage show="nao-existe" />);
    const view = await screen.findByTestId('not-found-view');
    expect(view).toHaveTextContent(PODCAST_NOT_FOUND_TEXT);
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/podcasts');
  });

  it('a PRO show by direct URL shows the PRO notice to others, the player to PRO users (C36)', async () => {
    mockApi({ '/api/v1/getPodcastsData': SHOWS, '/api/v1/getPodcastEpisodes/bastidores/0/20': [] });
    const { unmount } = render(<PodcastShowPage show="bastidores" />);
    expect(await screen.findByTestId('pro-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('podcast-load-button')).not.toBeInTheDocument();
    unmount();

    setSession({ user: { userId: 8, name: 'Pro', email: 'p@x.br', isPro: true }, token: 'tok' });
    mockApi({
      '/api/v1/getPodcastsData': SHOWS,
      '/api/v1/getProPodcastsData': [show('bastidores', { pro: true })],
      '/api/v1/getPodcastEpisodes/bastidores/0/20': [],
    });
    render(<PodcastShowPage show="bastidores" />);
    expect(await screen.findByTestId('podcast-load-button')).toBeInTheDocument();
    expect(screen.queryByTestId('pro-notice')).not.toBeInTheDocument();
  });
});

describe('/podcasts/outros', () => {
  const PLAYLISTS = [
    { name: 'Recentes', slug: 'recentes', alias: 'recentes', description: 'Os mais recentes.' },
    { name: 'Notícias', slug: 'notícias', alias: 'noticias', description: 'Boletins.' },
  ];
  function cloudcasts(from: number, count: number, more: boolean) {
    return {
      data: Array.from({ length: count }, (_, i) => ({
        slug: `gravacao-${from + i}`,
        name: `Gravação ${from + i}`,
        tags: [{ name: 'Boletim' }],
        date: '',
        image: '',
        playerUrl: `https://player.example/?feed=${from + i}`,
      })),
      paging: { next: more ? `/next` : null },
    };
  }
  beforeEach(() => setScroll(false));

  it('playlists, description, tag-labelled widgets, 10 more per request, then the end mark (PD-06)', async () => {
    mockApi({
      '/api/v1/external/mixcloud/playlists': PLAYLISTS,
      '/api/v1/external/mixcloud/cloudcasts/noticias': rawReply((url) => {
        const offset = Number(url.searchParams.get('offset'));
        const page = offset === 0 ? cloudcasts(0, 10, true) : cloudcasts(10, 4, false);
        return new Response(JSON.stringify({ status: 'success', message: 'success', data: page }));
      }),
    });
    render(<OtherPodcastsPage slug="notícias" />);
    expect(await screen.findByTestId('category-description')).toHaveTextContent('Boletins.');
    const nav = screen.getByRole('navigation', { name: 'Categorias de outros podcasts' });
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
    await waitFor(() => expect(screen.getAllByTestId('cloudcast')).toHaveLength(10));
    expect(screen.getAllByText('Boletim')).toHaveLength(10);
    // Each recording is a play button and a link until the listener asks for its player.
    expect(screen.queryByTestId('podcast-iframe')).not.toBeInTheDocument();
    const [first = document.body] = screen.getAllByTestId('cloudcast');
    expect(within(first).getByRole('link', { name: /Abrir no site do podcast/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Ouvir Gravação 0' }));
    expect(within(first).getByTestId('podcast-iframe')).toHaveAttribute(
      'src',
      'https://player.example/?feed=0',
    );
    expect(screen.getAllByTestId('podcast-iframe')).toHaveLength(1);
    setScroll(true);
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.getAllByTestId('cloudcast')).toHaveLength(14));
    expect(screen.getByTestId('cloudcasts-end')).toHaveTextContent(END_OF_LIST);
  });

  it('an unknown category gives its message with a back link', () => {
    mockApi({ '/api/v1/external/mixcloud/playlists': PLAYLISTS });
    render(<OtherPodcastsPage slug="desconhecida" />);
    expect(screen.getByTestId('not-found-view')).toHaveTextContent(NO_OTHER_PODCAST_TEXT);
  });

  it('the catalogue unreachable shows the error text (PD-08)', async () => {
    mockApi({
      '/api/v1/external/mixcloud/playlists': PLAYLISTS,
      '/api/v1/external/mixcloud/cloudcasts/recentes': errorReply(
        200,
        'podcast catalogue unavailable',
        'error',
      ),
    });
    render(<OtherPodcastsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(PODCAST_ERROR_TEXT);
  });
});
