/**
 * The live page and the player's wiring in the real route tree (layout, header, bar, runtime), on a
 * scripted engine with the API mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMED_USER } from '@/features/auth/test-account-api';
import { newsRange } from '@/features/news/testing/fixtures';
import { getLoginModalState } from '@/features/auth/login-modal-store';
import { SESSION_HINT_KEY } from '@/features/auth/session-actions';
import { NOW_PLAYING_FIRST_MS, STREAM_RESELECT_DELAY_MS } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { createQueryClient } from '@/app/query-client';
import {
  errorReply,
  mockApi,
  rawReply,
  TEST_APP_PARAMETERS,
  TEST_STATION,
  xmlResponse,
} from '@/test/api-mock';
import { act, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { getPlayerRuntime } from './player-runtime';
import {
  LOGGED_IN_STREAMS,
  MAIN,
  nowPlaying,
  POPUP_STREAM,
  PRO_STREAM,
  PUBLIC_STREAMS,
  SEMI_STREAM,
} from './testing/fixtures';
import houseAd from './testing/fixtures/house-ad.vast.xml?raw';
import {
  fetchedUrls,
  freshPlayer,
  HISTORY,
  liveApi,
  ON_AIR,
  useLiveTimers,
} from './testing/player-test-utils';
import type { ScriptedEngine } from './testing/scripted-engine';

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer();
  useLiveTimers();
});

afterEach(() => {
  act(() => toast.clear());
  window.innerWidth = 1024;
});

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Past the first now-playing poll (1.5 s). */
async function afterFirstPoll() {
  await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
}

/** A browser with a session: the hint that makes start-up ask getProfile, and its answers. */
function loggedInApi() {
  window.localStorage.setItem(SESSION_HINT_KEY, '1');
  return {
    '/api/v1/profile/getProfile': CONFIRMED_USER,
    '/api/v1/aovivo/getAvailableProStreams': LOGGED_IN_STREAMS,
  };
}

describe('/ouvir-radio-online', () => {
  it('shows the play button, the streams, what is on air and the last played (G35)', async () => {
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rádio Teste FM ao vivo' }));
    expect(screen.getByTestId('live-play-button')).toHaveAccessibleName('Tocar');

    const list = await screen.findByTestId('stream-list');
    const options = within(list).getAllByTestId('stream-option');
    expect(options.map((option) => option.dataset.streamId)).toEqual([
      MAIN,
      `${MAIN}_dolby_atmos`,
      SEMI_STREAM.streamId,
      PRO_STREAM.streamId,
      'teste_popup',
    ]);
    expect(options[0]).toHaveAttribute('aria-pressed', 'true');
    // The label sits in the card's first line, beside the name, where it can wrap.
    const state = within(options[0] as HTMLElement).getByTestId('stream-state');
    expect(state).toHaveTextContent('Selecionado');
    expect(state.parentElement).toHaveTextContent(/^NormalSelecionado$/);
    expect(within(list).getAllByTestId('stream-state')).toHaveLength(1);
    expect(within(options[3] as HTMLElement).getByText('PRO')).toBeInTheDocument();
    expect(within(options[2] as HTMLElement).getByText('Login')).toBeInTheDocument();

    await afterFirstPoll();
    expect(await screen.findByTestId('live-song')).toHaveTextContent('Evidências');
    expect(screen.getByTestId('live-artist')).toHaveTextContent('Chitãozinho & Xororó');
    expect(screen.getByRole('link', { name: 'Chitãozinho & Xororó' })).toHaveAttribute(
      'href',
      '/artistas/chitaozinho-e-xororo',
    );
    const cover = screen.getByAltText('Capa de Evidências');
    expect(cover).toHaveAttribute('src', '/media/covers/evidencias-1000.jpg');
    // The page's largest picture loads at once, first (a lazy one waits for layout).
    expect(cover).not.toHaveAttribute('loading');
    expect(cover).toHaveAttribute('fetchpriority', 'high');

    const items = await screen.findAllByTestId('last-played-item');
    expect(items).toHaveLength(10);
    expect(items.map((item) => item.textContent)).not.toContain(
      expect.stringContaining('Anterior 3'),
    );
    expect(within(items[0] as HTMLElement).getByText('Anterior 1')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Artista 1')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('09:59')).toBeInTheDocument();
    expect((items[0] as HTMLElement).querySelector('img')).toHaveAttribute('src', '/c/0-150.jpg');
    // The header's widget and the bar follow the same item.
    expect(screen.getByTestId('now-playing-widget')).toHaveTextContent('Evidências');
    expect(screen.getByTestId('player-bar-title')).toHaveTextContent('Evidências');
  });

  it('play → Carregando... → Pausar → Tocar, from the mouse and the keyboard (PL-02)', async () => {
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await screen.findByTestId('stream-list');
    const button = screen.getByTestId('live-play-button');
    await user().click(button);
    expect(button).toHaveAccessibleName('Carregando...');
    expect(screen.getByTestId('player-play-button')).toHaveAccessibleName('Carregando...');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    act(() => engine.started());
    expect(button).toHaveAccessibleName('Pausar');
    expect(screen.getByTestId('stream-state')).toHaveTextContent('No ar');
    expect(window.__ondaPlayer?.getSnapshot()).toMatchObject({
      status: 'playing',
      isLive: true,
      streamId: MAIN,
      src: engine.source?.url,
      error: null,
      retries: 0,
    });

    button.focus();
    await user().keyboard('{Enter}');
    expect(button).toHaveAccessibleName('Tocar');
    await user().keyboard(' ');
    expect(button).toHaveAccessibleName('Carregando...');
  });

  it('shows the stall text until sound returns, and the error after the retries (PL-04)', async () => {
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await screen.findByTestId('stream-list');
    await user().click(screen.getByTestId('live-play-button'));
    act(() => engine.started());
    act(() => engine.stall());
    expect(screen.getByTestId('player-stalled')).toHaveTextContent(
      'Erro de reprodução. Tentando reconectar...',
    );
    // Said once: the page's notice, not the bar's line too.
    expect(screen.queryByTestId('player-bar-stalled')).not.toBeInTheDocument();
    act(() => engine.started());
    expect(screen.queryByTestId('player-stalled')).not.toBeInTheDocument();

    for (let attempt = 0; attempt < 4; attempt += 1) {
      act(() => engine.fail('network'));
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    const error = screen.getByTestId('player-error');
    expect(error).toHaveTextContent(
      'Não é possível tocar o stream. Verifique a sua conexão de internet ou tente de novo em alguns momentos.',
    );
    expect(window.__ondaPlayer?.getSnapshot()).toMatchObject({ status: 'error', retries: 3 });
    expect(screen.getByTestId('live-play-button')).toHaveAccessibleName('Tocar');
    // Only there: no toast and no line in the bar with the same text.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getAllByText(/Não é possível tocar o stream\./)).toHaveLength(1);
  });

  it('choosing a stream saves it and asks what is on air there at once (PL-08)', async () => {
    const fetchMock = mockApi({
      ...liveApi(),
      ...loggedInApi(),
      '/api/v1/aovivo/getCurrentSongInfo/teste_2': nowPlaying({ metaId: 'teste_2' }),
    });
    renderRoute('/ouvir-radio-online');
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RESELECT_DELAY_MS));
    const option = await screen.findByRole('button', { name: /Flashback/ });
    await user().click(option);
    expect(window.localStorage.getItem('streamId')).toBe('teste_2');
    expect(fetchedUrls(fetchMock, 'getCurrentSongInfo/teste_2')).toHaveLength(1);
    expect(option).toHaveAttribute('aria-pressed', 'true');
    expect(engine.loadedPath).toBe('/stream/teste_2.mp3');
  });

  it('a semiPro stream without login: the login modal and the error toast', async () => {
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await user().click(await screen.findByRole('button', { name: /Flashback/ }));
    expect(
      await screen.findByText('É necessário estar logado para acessar esse streaming.'),
    ).toBeInTheDocument();
    expect(getLoginModalState().opened).toBe(true);
    expect(engine.loads).toHaveLength(0);
  });

  it('a pro stream for a non-PRO user: the notice with Seja um assinante!', async () => {
    const fetchMock = mockApi({ ...liveApi(), ...loggedInApi() });
    renderRoute('/ouvir-radio-online');
    await waitFor(() => expect(fetchedUrls(fetchMock, 'getAvailableProStreams')).toHaveLength(1));
    await user().click(await screen.findByRole('button', { name: /Sem intervalos/ }));
    const notice = await screen.findByTestId('player-notice');
    expect(notice).toHaveTextContent('É necessário ser um usuário PRO pra acessar esse stream.');
    expect(within(notice).getByRole('link', { name: 'Seja um assinante!' })).toHaveAttribute(
      'href',
      '/vantagens-da-assinatura-pro',
    );
  });

  it('keyboard: a stream card is a button reachable with Tab', async () => {
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    const card = await screen.findByRole('button', { name: /Normal/ });
    card.focus();
    await user().keyboard('{Enter}');
    expect(screen.getByTestId('live-play-button')).toHaveAccessibleName('Carregando...');
  });
});

describe('last played refresh (doc1 §9)', () => {
  it('refreshed on a track change only when older than 15 s; a sooner change waits for the 15 s', async () => {
    const first = mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    await screen.findAllByTestId('last-played-item');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchedUrls(first, 'getMetaHistory')).toHaveLength(1);

    // A new song at the next poll: the list is older than 15 s, refreshed at once.
    const second = mockApi(
      liveApi({ onAir: nowPlaying({ song: 'Segunda', startedAtMs: ON_AIR.startedAtMs + 1 }) }),
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await screen.findByText('Segunda', { selector: '[data-testid="live-song"]' });
    await waitFor(() => expect(fetchedUrls(second, 'getMetaHistory')).toHaveLength(1));

    // Another one 10 s later: the list is 10 s old, refreshed when it turns 15 s.
    const third = mockApi(
      liveApi({ onAir: nowPlaying({ song: 'Terceira', startedAtMs: ON_AIR.startedAtMs + 2 }) }),
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await screen.findByText('Terceira', { selector: '[data-testid="live-song"]' });
    expect(fetchedUrls(third, 'getMetaHistory')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(fetchedUrls(third, 'getMetaHistory')).toHaveLength(1));
  });
});

describe('rating on the live page', () => {
  it('anonymous: like opens the login modal and sends nothing (RT-01, RT-03)', async () => {
    const fetchMock = mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    const like = await screen.findByTestId('rating-like');
    await waitFor(() => expect(like).toBeEnabled());
    expect(screen.getByTestId('rating-dislike')).toBeEnabled();
    await user().click(like);
    expect(getLoginModalState().opened).toBe(true);
    expect(fetchedUrls(fetchMock, 'rateSong')).toHaveLength(0);
  });

  it('logged in: like posts the vote, thanks, and both controls say Você já votou (RT-04)', async () => {
    const fetchMock = mockApi({
      ...liveApi(),
      ...loggedInApi(),
      '/api/v1/aovivoBar/rateSong': { musicHash: 'x', likes: 1, dislikes: 0 },
    });
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    const like = await screen.findByTestId('rating-like');
    await waitFor(() => expect(like).toBeEnabled());
    await user().click(like);
    expect(
      await screen.findByText('Seu voto foi registrado com sucesso. Obrigado!'),
    ).toBeInTheDocument();
    const [call] = fetchMock.mock.calls.filter(([url]) => String(url).includes('rateSong'));
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({
      metaId: MAIN,
      song: ON_AIR.song,
      artist: ON_AIR.artist,
      rating: 10,
    });
    await waitFor(() => expect(like).toBeDisabled());
    expect(like).toHaveAttribute('title', 'Você já votou');
    expect(screen.getByTestId('rating-dislike')).toHaveAttribute('title', 'Você já votou');
    expect(JSON.parse(window.localStorage.getItem('ratings') ?? '[]')).toHaveLength(1);
  });

  it('a commercial on air disables the controls and says why (RT-02)', async () => {
    mockApi(liveApi({ onAir: nowPlaying({ metaType: 'commercial', song: 'Intervalo' }) }));
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    await screen.findByTestId('live-song');
    const why = 'A avaliação fica disponível quando uma música estiver tocando.';
    for (const control of [
      screen.getByTestId('rating-like'),
      screen.getByTestId('rating-dislike'),
    ]) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', why);
      expect(control).toHaveAccessibleDescription(why);
    }
    expect(screen.getByTestId('rating-hint')).toHaveTextContent(why);
    expect(screen.getByTestId('rating-hint')).toBeVisible();
    // The bar's icons have no room for the text: they are described by it all the same.
    expect(screen.getByTestId('player-bar-like')).toHaveAccessibleDescription(why);
  });

  it('another stream disables the controls (RT-02)', async () => {
    mockApi({
      ...liveApi(),
      ...loggedInApi(),
      '/api/v1/aovivo/getCurrentSongInfo/teste_2': nowPlaying({ metaId: 'teste_2' }),
    });
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    await waitFor(() => expect(screen.getByTestId('rating-like')).toBeEnabled());
    expect(screen.queryByTestId('rating-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('rating-like')).not.toHaveAttribute('aria-describedby');
    await user().click(await screen.findByRole('button', { name: /Flashback/ }));
    await waitFor(() => expect(screen.getByTestId('rating-like')).toBeDisabled());
    const why = 'A avaliação não está disponível neste canal.';
    expect(screen.getByTestId('rating-like')).toHaveAttribute('title', why);
    expect(screen.getByTestId('rating-dislike')).toHaveAccessibleDescription(why);
    expect(screen.getByTestId('rating-hint')).toHaveTextContent(why);
    expect(screen.getByTestId('player-bar-dislike')).toHaveAttribute('title', why);
  });

  it('a vote stored for the song keeps the controls disabled with the title (RT-06)', async () => {
    window.localStorage.setItem(
      'ratings',
      JSON.stringify([{ musicHash: await hashOf(ON_AIR), rating: 1 }]),
    );
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    await afterFirstPoll();
    await waitFor(() =>
      expect(screen.getByTestId('rating-like')).toHaveAttribute('title', 'Você já votou'),
    );
    expect(screen.getByTestId('rating-like')).toBeDisabled();
    expect(screen.getByTestId('rating-dislike')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('mobile bottom sheet (G65)', () => {
  it('Compartilhar and Avaliar: opening one closes the other', async () => {
    window.innerWidth = 375;
    mockApi(liveApi());
    renderRoute('/ouvir-radio-online');
    const share = await screen.findByTestId('live-sheet-share-toggle');
    const rate = screen.getByTestId('live-sheet-rate-toggle');
    expect(share).toHaveAccessibleName('Compartilhar');
    expect(rate).toHaveAccessibleName('Avaliar');
    expect(screen.queryByTestId('rating-like')).not.toBeInTheDocument();

    await user().click(share);
    const panel = screen.getByTestId('live-sheet-share');
    expect(share).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.dataset.network),
    ).toEqual(['facebook', 'twitter', 'whatsapp', 'vk']);
    expect(within(panel).getByRole('link', { name: 'Compartilhar no VK' })).toHaveAttribute(
      'href',
      expect.stringContaining(
        'https://vk.com/share.php?url=https%3A%2F%2Fteste.example%2Fouvir-radio-online',
      ),
    );

    await user().click(rate);
    expect(screen.queryByTestId('live-sheet-share')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-sheet-rate')).toBeInTheDocument();
    expect(screen.getByTestId('rating-like')).toBeInTheDocument();
    expect(share).toHaveAttribute('aria-expanded', 'false');

    await user().click(rate);
    expect(screen.queryByTestId('live-sheet-rate')).not.toBeInTheDocument();
  });
});

describe('start choices and the PRO list', () => {
  it('?streamId= is applied on start', async () => {
    mockApi({ ...liveApi(), ...loggedInApi() });
    renderRoute(`/ouvir-radio-online?streamId=${SEMI_STREAM.streamId}`);
    await waitFor(() => expect(window.__ondaPlayer?.getSnapshot().streamId).toBe('teste_2'));
    expect(window.localStorage.getItem('streamId')).toBe('teste_2');
  });

  it("a popup stream's window plays it, with the page's initial data too (PL-10)", async () => {
    mockApi(liveApi());
    // The stream list is known before the first render, as on a page the server wrote.
    renderRoute(`/ouvir-radio-online?streamId=${POPUP_STREAM.streamId}&popup=1`, {
      queryClient: createQueryClient({ station: TEST_STATION, streams: PUBLIC_STREAMS }),
    });
    await waitFor(() =>
      expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(POPUP_STREAM.streamId),
    );
  });

  it('utm_source picks the campaign stream of the app parameters (G07)', async () => {
    mockApi({
      ...liveApi(),
      '/api/v1/getAppParameters': {
        ...TEST_APP_PARAMETERS,
        campaignStreams: { verao: `${MAIN}_dolby_atmos`, festival: SEMI_STREAM.streamId },
      },
    });
    renderRoute(`/?utm_source=festival`);
    // Still subject to the login check.
    expect(
      await screen.findByText('É necessário estar logado para acessar esse streaming.'),
    ).toBeInTheDocument();
    expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(MAIN);
  });

  it('with a session the PRO list is fetched and applied 200 ms after it loads', async () => {
    const fetchMock = mockApi({ ...liveApi(), ...loggedInApi() });
    window.localStorage.setItem('streamId', SEMI_STREAM.streamId);
    renderRoute('/');
    await waitFor(() => expect(fetchedUrls(fetchMock, 'getAvailableProStreams')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RESELECT_DELAY_MS));
    await waitFor(() =>
      expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(SEMI_STREAM.streamId),
    );
    expect(getPlayerRuntime().player.getSnapshot().stream?.sources).toHaveLength(1);
  });

  it('without a session the PRO list is not asked for', async () => {
    const fetchMock = mockApi({
      ...liveApi(),
      '/api/v1/aovivo/getAvailableProStreams': errorReply(401, 'unauthorized'),
    });
    renderRoute('/');
    await screen.findByTestId('player-bar');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchedUrls(fetchMock, 'getAvailableProStreams')).toHaveLength(0);
  });
});

describe('shell wiring', () => {
  it("'Ouvir rádio' in the main menu starts the live stream", async () => {
    window.innerWidth = 1280;
    mockApi(liveApi());
    const { router } = renderRoute('/');
    await screen.findByTestId('player-bar');
    await waitFor(() => expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(MAIN));
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    await user().click(within(nav).getByRole('link', { name: 'Ouvir rádio' }));
    expect(router.state.location.pathname).toBe('/ouvir-radio-online');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(window.__ondaPlayer?.getSnapshot().shouldBePlaying).toBe(true);
  });

  it('the preroll plays in its 640x360 frame labelled Publicidade, then the live stream (PL-16)', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(() => undefined);
    mockApi({
      ...liveApi(),
      '/api/v1/getAppParameters': {
        ...TEST_APP_PARAMETERS,
        preroll: { adManagerUrl: '/api/v1/ads/vast', targetingUrl: '' },
      },
      '/api/v1/ads/vast': rawReply(() => xmlResponse(houseAd)),
    });
    renderRoute('/ouvir-radio-online');
    await screen.findByTestId('stream-list');
    await user().click(screen.getByTestId('live-play-button'));
    await waitFor(() => expect(engine.loads).toEqual(['http://localhost/media/ads/house-1.mp3']));
    act(() => engine.started());
    const overlay = await screen.findByTestId('ad-overlay');
    expect(within(overlay).getByRole('region', { name: 'Publicidade' })).toHaveStyle({
      maxWidth: '640px',
    });
    expect(within(overlay).getByText('Publicidade')).toBeInTheDocument();
    expect(screen.getByTestId('live-play-button')).toHaveAccessibleName('Carregando...');
    act(() => engine.end());
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('a PRO listener gets no VAST request at all (PL-17)', async () => {
    const fetchMock = mockApi({
      ...liveApi(),
      ...loggedInApi(),
      '/api/v1/profile/getProfile': { ...CONFIRMED_USER, isPro: true },
      '/api/v1/aovivo/getAvailableProStreams': LOGGED_IN_STREAMS,
      '/api/v1/getAppParameters': {
        ...TEST_APP_PARAMETERS,
        preroll: { adManagerUrl: '/api/v1/ads/vast', targetingUrl: '' },
      },
      '/api/v1/ads/vast': rawReply(() => xmlResponse(houseAd)),
    });
    renderRoute('/ouvir-radio-online');
    await waitFor(() => expect(fetchedUrls(fetchMock, 'getAvailableProStreams')).toHaveLength(1));
    await user().click(screen.getByTestId('live-play-button'));
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(fetchedUrls(fetchMock, '/ads/')).toHaveLength(0);
  });

  it('with the API down nothing breaks: no stream list, Tocar ends with the stream error', async () => {
    mockApi({});
    renderRoute('/ouvir-radio-online');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(screen.queryByTestId('stream-list-loading')).not.toBeInTheDocument(),
    );
    expect(screen.queryByTestId('stream-list')).not.toBeInTheDocument();
    await user().click(screen.getByTestId('live-play-button'));
    expect(await screen.findByTestId('player-error')).toBeInTheDocument();
    await afterFirstPoll();
    expect(screen.getByTestId('last-played-empty')).toBeInTheDocument();
    expect(HISTORY).toHaveLength(12);
  });
});

async function hashOf(item: typeof ON_AIR): Promise<string> {
  const { musicHash } = await import('./rating');
  return musicHash(item.song, item.artist, item.time);
}

describe('the live page news', () => {
  it('shows the 12 latest news as links, with a link to all the news', async () => {
    mockApi({ ...liveApi(), '/api/v1/news/getNews/0/12/1/0': newsRange(1, 12) });
    renderRoute('/ouvir-radio-online');
    const block = await screen.findByTestId('live-news');
    expect(within(block).getByRole('heading', { name: 'Últimas notícias' })).toBeInTheDocument();
    await waitFor(() => expect(within(block).getAllByTestId('news-card-grid')).toHaveLength(12));
    expect(within(block).getByRole('link', { name: /Notícia número 1\b/ })).toHaveAttribute(
      'href',
      '/noticias/noticia-1',
    );
    expect(
      within(block).getAllByText(/^há (1 min|\d+ (hora|dia|semana|m[eê]s|ano)e?s?)$/),
    ).toHaveLength(12);
    expect(within(block).getByRole('link', { name: 'Ver todas as notícias' })).toHaveAttribute(
      'href',
      '/noticias',
    );
  });

  it('stays out of the way when the news cannot be loaded', async () => {
    mockApi({ ...liveApi(), '/api/v1/news/getNews/0/12/1/0': new Error('down') });
    renderRoute('/ouvir-radio-online');
    expect(await screen.findByTestId('live-play-button')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('live-news')).not.toBeInTheDocument());
  });
});
