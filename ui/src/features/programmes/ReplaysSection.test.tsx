/** 'Ouvir de novo' on a programme's page: the recordings, who may hear them, and the player. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoginModalState } from '@/features/auth/login-modal-store';
import { SESSION_HINT_KEY } from '@/features/auth/session-actions';
import { CONFIRMED_USER } from '@/features/auth/test-account-api';
import { PUBLIC_STREAMS } from '@/features/player/testing/fixtures';
import { fetchedUrls, freshPlayer } from '@/features/player/testing/player-test-utils';
import type { ScriptedEngine } from '@/features/player/testing/scripted-engine';
import { getPlayer } from '@/features/player/player-runtime';
import type { ProgramReplays } from '@/generated/ProgramReplays';
import { getSessionStatus, setSession } from '@/lib/session';
import { errorReply, mockApi, rawReply, type ApiHandlers } from '@/test/api-mock';
import { act, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { airedLabel, durationLabel } from './schedule-format';
import { GRID_NOW, lockedReplays, PROGRAM, REPLAYS } from './testing/fixtures';

const PAGE = '/programacao/manha-da-onda';
const REPLAYS_PATH = '/api/v1/programs/manha-da-onda/replays';

function pageApi(replays: unknown): ApiHandlers {
  return {
    '/api/v1/aovivo/getAvailableStreams': PUBLIC_STREAMS,
    '/api/v1/programs/manha-da-onda': PROGRAM,
    [REPLAYS_PATH]: replays,
  };
}

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ status: 'success', message: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A reply that changes with the test's state, as the server's changes with the session. */
function replyOf(current: () => ProgramReplays) {
  return rawReply(() => envelope(current()));
}

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function openSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Ouvir de novo' });
}

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: GRID_NOW });
});

describe("a programme's recordings", () => {
  it('lists them newest first with date, hours, channel, length and the podcast feed', async () => {
    mockApi(pageApi(REPLAYS));
    renderRoute(PAGE);
    const section = await openSection();
    const rows = within(section).getAllByTestId('program-replay');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Terça, 1 de dezembro · 06:00–10:00',
      'Sábado, 28 de novembro · 08:00–11:00',
      'Sexta, 27 de novembro · 06:00–10:00',
    ]);
    expect(rows[0]).toHaveTextContent('Normal · 4 h');
    expect(rows[1]).toHaveTextContent('Flashback · 1 h 58 min');
    expect(section).toHaveTextContent(
      'Os programas ficam disponíveis aqui por 7 dias depois de irem ao ar.',
    );
    expect(within(section).getByRole('link', { name: 'Assinar o podcast' })).toHaveAttribute(
      'href',
      '/programacao/manha-da-onda/ouvir-de-novo.xml',
    );
    expect(within(section).getAllByRole('button', { name: /^Ouvir: / })).toHaveLength(3);
    // Nobody is asked to log in or subscribe.
    expect(screen.queryByTestId('replays-login')).toBeNull();
    expect(screen.queryByTestId('replays-pro')).toBeNull();
  });

  it('folds each recording’s songs with their times, opened by click or keyboard', async () => {
    mockApi(pageApi(REPLAYS));
    renderRoute(PAGE);
    const [today, saturday, friday] = within(await openSection()).getAllByTestId('program-replay');
    if (!today || !saturday || !friday) throw new Error('three recordings expected');

    const fold = within(today).getByRole('button', { name: 'Músicas do programa (2)' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(within(today).getByText('Evidências')).not.toBeVisible();
    await user().click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    const songs = within(today).getByTestId('replay-songs');
    expect(songs).toBeVisible();
    expect(
      within(songs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['06:02Evidências — Chitãozinho & Xororó', '06:07Garota de Ipanema — Tom Jobim']);

    const other = within(saturday).getByRole('button', { name: 'Músicas do programa (1)' });
    other.focus();
    await user().keyboard('{Enter}');
    expect(other).toHaveAttribute('aria-expanded', 'true');
    expect(within(saturday).getByText('Aquarela')).toBeVisible();
    await user().keyboard(' ');
    expect(other).toHaveAttribute('aria-expanded', 'false');

    // A recording without songs has no fold.
    expect(within(friday).queryByRole('button', { name: /Músicas/ })).toBeNull();
  });

  it('plays a recording in the site’s player as on-demand audio, then pauses and resumes it', async () => {
    mockApi(pageApi(REPLAYS));
    renderRoute(PAGE);
    const section = await openSection();
    const aired = 'Sábado, 28 de novembro · 08:00–11:00';
    await user().click(within(section).getByRole('button', { name: `Ouvir: ${aired}` }));

    expect(engine.loads).toEqual(['/media/replays/11.mp3']);
    const player = getPlayer().getSnapshot();
    expect(player.isLive).toBe('otherMedia');
    expect(player.queue?.items).toEqual([
      {
        id: 'replay:11',
        src: '/media/replays/11.mp3',
        title: 'Manhã da Onda',
        artist: aired,
        cover: '/media/img/program/1.webp',
      },
    ]);
    act(() => engine.started());
    const pause = within(section).getByRole('button', { name: `Pausar: ${aired}` });
    // Only the recording playing offers 'Pausar'.
    expect(within(section).getAllByRole('button', { name: /^Pausar: / })).toHaveLength(1);

    await user().click(pause);
    expect(getPlayer().getSnapshot().shouldBePlaying).toBe(false);
    await user().click(within(section).getByRole('button', { name: `Ouvir: ${aired}` }));
    // Resumed where it stopped, not loaded again.
    expect(getPlayer().getSnapshot().shouldBePlaying).toBe(true);
    expect(engine.loads).toEqual(['/media/replays/11.mp3']);
  });

  it('recordings for logged-in listeners: anonymous visitors are asked to log in, then can play', async () => {
    let loggedIn = false;
    const fetchMock = mockApi(
      pageApi(
        replyOf(() =>
          loggedIn ? { ...REPLAYS, access: 'loggedIn', feedUrl: null } : lockedReplays('loggedIn'),
        ),
      ),
    );
    renderRoute(PAGE);
    const section = await openSection();
    const notice = within(section).getByTestId('replays-login');
    expect(notice).toHaveTextContent('Entre na sua conta para ouvir os programas de novo.');
    expect(within(section).getAllByTestId('program-replay')).toHaveLength(3);
    expect(within(section).queryByRole('button', { name: /^Ouvir: / })).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Assinar o podcast' })).toBeNull();

    await user().click(within(notice).getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().opened).toBe(true);
    expect(getLoginModalState().screen).toBe('login');

    // The login succeeds: the section asks again, as the listener.
    loggedIn = true;
    act(() => setSession({ user: { userId: 5, name: 'Ana', email: 'ana@x.com', isPro: false } }));
    await waitFor(() =>
      expect(within(section).getAllByRole('button', { name: /^Ouvir: / })).toHaveLength(3),
    );
    expect(screen.queryByTestId('replays-login')).toBeNull();
    expect(fetchedUrls(fetchMock, '/replays')).toHaveLength(2);
    // Past the browser's cache, which would give the anonymous answer again for a minute.
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes('/replays'));
    expect(asked.map(([, init]) => init?.cache)).toEqual(['no-cache', 'no-cache']);
  });

  it('recordings for PRO subscribers: the PRO page, and the login for a subscriber not logged in', async () => {
    mockApi(pageApi(lockedReplays('pro')));
    renderRoute(PAGE);
    const section = await openSection();
    const notice = within(section).getByTestId('replays-pro');
    expect(notice).toHaveTextContent(
      'Os programas gravados deste programa são exclusivos para assinantes PRO.',
    );
    expect(within(notice).getByRole('link', { name: 'Seja um assinante!' })).toHaveAttribute(
      'href',
      '/vantagens-da-assinatura-pro',
    );
    expect(within(notice).getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Ouvir: / })).toBeNull();

    // Logged in without PRO: the way to subscribe only.
    act(() => setSession({ user: { userId: 5, name: 'Ana', email: 'ana@x.com', isPro: false } }));
    await waitFor(() =>
      expect(within(notice).queryByRole('button', { name: 'Entrar' })).toBeNull(),
    );
    expect(within(notice).getByRole('link', { name: 'Seja um assinante!' })).toBeInTheDocument();
  });

  it('PRO recordings play for a subscriber', async () => {
    setSession({ user: { userId: 7, name: 'Bia', email: 'bia@x.com', isPro: true } });
    mockApi(pageApi({ ...REPLAYS, access: 'pro', feedUrl: null }));
    renderRoute(PAGE);
    const section = await openSection();
    expect(within(section).getAllByRole('button', { name: /^Ouvir: / })).toHaveLength(3);
    expect(screen.queryByTestId('replays-pro')).toBeNull();
  });

  it('a returning subscriber is asked about once, as themselves, not first as anonymous', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    const fetchMock = mockApi({
      ...pageApi({ ...REPLAYS, access: 'pro', feedUrl: null }),
      // The profile answers after the programme: the section waits for it.
      '/api/v1/profile/getProfile': rawReply(
        () =>
          new Promise<Response>((resolve) =>
            setTimeout(() => resolve(envelope({ ...CONFIRMED_USER, isPro: true })), 300),
          ),
      ),
    });
    renderRoute(PAGE);
    const section = await openSection();
    expect(getSessionStatus()).toBe('authenticated');
    expect(within(section).getAllByRole('button', { name: /^Ouvir: / })).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchedUrls(fetchMock, '/replays')).toHaveLength(1);
  });

  it('says how long recordings stay before the first one', async () => {
    mockApi(pageApi({ ...REPLAYS, feedUrl: null, keepDays: 3, replays: [] }));
    renderRoute(PAGE);
    const section = await openSection();
    expect(within(section).getByTestId('replays-empty')).toHaveTextContent(
      'Nenhuma gravação ainda. Os programas ficam disponíveis aqui por 3 dias depois de irem ao ar.',
    );
    expect(within(section).queryByTestId('program-replay')).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Assinar o podcast' })).toBeNull();
  });

  it('a programme that is not recorded shows no section at all', async () => {
    const fetchMock = mockApi(
      pageApi({ ...REPLAYS, access: 'none', allowed: false, feedUrl: null, replays: [] }),
    );
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Manhã da Onda' });
    await waitFor(() => expect(fetchedUrls(fetchMock, '/replays')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Carregando as gravações' })).toBeNull(),
    );
    expect(screen.queryByRole('heading', { name: 'Ouvir de novo' })).toBeNull();
    expect(screen.queryByTestId('program-replays')).toBeNull();
  });

  it('a failure says so and offers to try again', async () => {
    let failing = true;
    const fetchMock = mockApi(
      pageApi(
        rawReply((url, init) =>
          failing ? errorReply(500, 'falhou').respond(url, init) : envelope(REPLAYS),
        ),
      ),
    );
    renderRoute(PAGE);
    // Asked again twice, a second and two apart, before saying so.
    await screen.findByRole('status', { name: 'Carregando as gravações' });
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    const section = await openSection();
    expect(section).toHaveTextContent('Não foi possível carregar as gravações do programa.');
    expect(fetchedUrls(fetchMock, '/replays')).toHaveLength(3);
    failing = false;
    await user().click(within(section).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findAllByTestId('program-replay')).toHaveLength(3);
  });

  it('shows a skeleton until the recordings arrive', async () => {
    mockApi(pageApi(rawReply(() => new Promise<Response>(() => undefined))));
    renderRoute(PAGE);
    expect(await screen.findByRole('status', { name: 'Carregando as gravações' })).toBeVisible();
  });
});

describe('how a recording is named', () => {
  it('reads the date and hours in Brasília, whatever offset the instant is written with', () => {
    expect(airedLabel('2026-11-28T10:00:00-03:00', '2026-11-28T12:00:00-03:00')).toBe(
      'Sábado, 28 de novembro · 10:00–12:00',
    );
    expect(airedLabel('2026-11-29T01:30:00Z', '2026-11-29T03:00:00Z')).toBe(
      'Sábado, 28 de novembro · 22:30–00:00',
    );
    expect(airedLabel('2027-01-03T06:00:00-03:00', '2027-01-03T07:00:00-03:00')).toBe(
      'Domingo, 3 de janeiro · 06:00–07:00',
    );
  });

  it('gives its length to the minute', () => {
    expect(durationLabel(7_200_000)).toBe('2 h');
    expect(durationLabel(5_400_000)).toBe('1 h 30 min');
    expect(durationLabel(45 * 60_000 + 10_000)).toBe('45 min');
    expect(durationLabel(5_000)).toBe('1 min');
  });
});
