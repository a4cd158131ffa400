/**
 * The timeshift controls on the live page and in the player bar, in the real route tree with the
 * API mocked and a scripted engine that plays HLS: offered once the radio played, their names and
 * the seek bar's values, what each one asks of the engine, and what the page shows behind live.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_PLAYING_FIRST_MS } from '@/lib/constants';
import { slot } from '@/features/programmes/testing/fixtures';
import { mockApi, rawReply } from '@/test/api-mock';
import { act, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { toast } from '@/lib/toast';
import { MAIN, nowPlaying, TIMESHIFT_STREAMS } from '../testing/fixtures';
import { fetchedUrls, freshPlayer, liveApi, useLiveTimers } from '../testing/player-test-utils';
import type { ScriptedEngine } from '../testing/scripted-engine';

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer({ timeshift: true });
  useLiveTimers();
});

afterEach(() => {
  act(() => toast.clear());
});

const NOW = Date.parse('2026-11-22T13:04:30Z');
const HLS = `/hls/${MAIN}.m3u8`;
/** On air 40 s before now: what a listener 30 s behind hears. */
const EARLIER = nowPlaying({
  song: 'Canção de antes',
  artist: 'Banda do Passado',
  startedAtMs: NOW - 40_000,
  durationMs: 200_000,
});
/** 09:00-12:00 in Brasília, on air now (10:04). */
const MANHA = slot({
  id: 7,
  title: 'Manhã da Onda',
  date: '2026-11-22',
  start: '09:00',
  end: '12:00',
});

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** The live API with the HLS source listed, the grid's programme, and the onAir answers. */
function timeshiftApi() {
  return mockApi({
    ...liveApi({ streams: TIMESHIFT_STREAMS }),
    [`/api/v1/schedule/${MAIN}/now`]: { streamId: MAIN, now: MANHA, next: null },
    [`/api/v1/aovivo/onAir/${MAIN}`]: rawReply(
      (url) =>
        new Response(
          JSON.stringify({
            status: 'success',
            message: 'success',
            data: {
              streamId: MAIN,
              atMs: Number(url.searchParams.get('at')),
              nowPlaying: EARLIER,
              programme: MANHA,
            },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  });
}

/** The live page, the radio played and sounding on the mount. */
async function playingLivePage() {
  const fetchMock = timeshiftApi();
  renderRoute('/ouvir-radio-online');
  await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
  expect(await screen.findByTestId('live-song')).toHaveTextContent('Evidências');
  expect(screen.queryByTestId('timeshift-panel')).not.toBeInTheDocument();
  const u = user();
  await u.click(screen.getByTestId('live-play-button'));
  act(() => engine.started());
  const panel = await screen.findByTestId('timeshift-panel');
  return { fetchMock, panel, u };
}

/** The number of the last engine call starting with `prefix` ('loadAt /hls/… <ms>', 'seekTo <ms>'). */
function lastInstant(prefix: string): number {
  const call = engine.timeshiftCalls.findLast((entry) => entry.startsWith(prefix));
  return Number(call?.split(' ').at(-1));
}

describe('timeshift on the live page', () => {
  it('offered once the radio played: its buttons, the seek bar at live, the badge', async () => {
    const { panel } = await playingLivePage();
    expect(within(panel).getByRole('button', { name: 'Voltar 30 segundos' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Início da música' })).toBeEnabled();
    expect(await within(panel).findByRole('button', { name: 'Início do programa' })).toBeEnabled();
    const thumb = within(panel).getByRole('slider', { name: 'Posição na transmissão' });
    expect(thumb).toHaveAttribute('aria-valuetext', expect.stringMatching(/^10:04:\d\d, ao vivo$/));
    expect(thumb).toHaveAttribute('aria-valuemax', String(2 * 60 * 60));
    expect(within(panel).getByTestId('timeshift-live')).toHaveTextContent('Ao vivo');
    expect(screen.queryByTestId('timeshift-behind')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toBeInTheDocument();
    // The pointer on the controls fetches the HLS player ahead.
    await user().hover(within(panel).getByRole('button', { name: 'Voltar 30 segundos' }));
    expect(engine.calls).toContain('prepare');
  });

  it("'Voltar 30 segundos': the HLS source from 30 s ago, what was on air then, how far behind", async () => {
    const { fetchMock, panel, u } = await playingLivePage();
    await u.click(within(panel).getByRole('button', { name: 'Voltar 30 segundos' }));
    const target = lastInstant(`loadAt ${HLS}`);
    expect(Math.abs(target - (Date.now() - 30_000))).toBeLessThan(1000);
    act(() => engine.started());
    // The hero shows the song on air then, asked of the server for the instant heard.
    await waitFor(() =>
      expect(screen.getByTestId('live-song')).toHaveTextContent('Canção de antes'),
    );
    expect(screen.getByTestId('live-artist')).toHaveTextContent('Banda do Passado');
    const asked = fetchedUrls(fetchMock, `/aovivo/onAir/${MAIN}`);
    expect(asked[0]).toContain(`?at=${target}`);
    expect(await within(panel).findByTestId('timeshift-behind')).toHaveTextContent(
      /^há 3\d s do ao vivo · Manhã da Onda$/,
    );
    expect(within(panel).getByRole('button', { name: 'Voltar ao vivo' })).toHaveTextContent(
      'Ao vivo',
    );
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
    // Votes are for the song on air, not the one heard.
    expect(screen.getByTestId('rating-like')).toBeDisabled();
    const thumb = within(panel).getByRole('slider', { name: 'Posição na transmissão' });
    expect(thumb).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^10:0[34]:\d\d, há 3\d s do ao vivo$/),
    );
  });

  it('the seek bar by keyboard steps 30 s; the song’s and the programme’s starts seek there', async () => {
    const { panel, u } = await playingLivePage();
    await u.click(within(panel).getByRole('button', { name: 'Voltar 30 segundos' }));
    act(() => engine.started());
    const heard = lastInstant(`loadAt ${HLS}`);
    const thumb = within(panel).getByRole('slider', { name: 'Posição na transmissão' });
    act(() => thumb.focus());
    await u.keyboard('{ArrowLeft}');
    expect(Math.abs(lastInstant('seekTo') - (heard - 30_000))).toBeLessThan(1500);

    await u.click(within(panel).getByRole('button', { name: 'Início do programa' }));
    expect(lastInstant('seekTo')).toBe(Date.parse('2026-11-22T12:00:00Z'));
    await waitFor(() =>
      expect(screen.getByTestId('live-song')).toHaveTextContent('Canção de antes'),
    );
    await u.click(within(panel).getByRole('button', { name: 'Início da música' }));
    expect(lastInstant('seekTo')).toBe(EARLIER.startedAtMs);
  });

  it("'Ao vivo' returns to the mount: the badge again, no behind text, the song on air", async () => {
    const { panel, u } = await playingLivePage();
    await u.click(within(panel).getByRole('button', { name: 'Voltar 30 segundos' }));
    act(() => engine.started());
    await u.click(await within(panel).findByRole('button', { name: 'Voltar ao vivo' }));
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    act(() => engine.started());
    expect(await within(panel).findByTestId('timeshift-live')).toBeInTheDocument();
    expect(screen.queryByTestId('timeshift-behind')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-song')).toHaveTextContent('Evidências'));
  });

  it('an HLS failure: back on the mount, with the short notice', async () => {
    const { panel, u } = await playingLivePage();
    await u.click(within(panel).getByRole('button', { name: 'Voltar 30 segundos' }));
    act(() => engine.fail('unsupported'));
    expect(
      await screen.findByText('Não foi possível voltar no tempo. Tocando ao vivo.'),
    ).toBeInTheDocument();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('an engine without timeshift (the desktop app’s) offers no controls', async () => {
    engine = freshPlayer();
    timeshiftApi();
    renderRoute('/ouvir-radio-online');
    await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
    await user().click(await screen.findByTestId('live-play-button'));
    act(() => engine.started());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByTestId('timeshift-panel')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voltar 30 segundos' })).not.toBeInTheDocument();
  });
});

describe('timeshift in the player bar', () => {
  it('back 30 s beside the play button; behind live the compact time and the Ao vivo button', async () => {
    timeshiftApi();
    renderRoute('/');
    await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
    const bar = await screen.findByTestId('player-bar');
    expect(within(bar).queryByRole('button', { name: 'Voltar 30 segundos' })).toBeNull();
    const u = user();
    await u.click(within(bar).getByRole('button', { name: 'Tocar' }));
    act(() => engine.started());
    const back = await within(bar).findByRole('button', { name: 'Voltar 30 segundos' });
    expect(within(bar).getByTestId('timeshift-live')).toBeInTheDocument();
    await u.click(back);
    act(() => engine.started());
    const behind = await within(bar).findByTestId('timeshift-behind');
    expect(behind).toHaveTextContent(/^−0:3\d$/);
    expect(behind).toHaveAccessibleName(/^há 3\d s do ao vivo$/);
    expect(bar).toHaveAttribute('data-behind', 'true');
    await waitFor(() =>
      expect(within(bar).getByTestId('player-bar-title')).toHaveTextContent('Canção de antes'),
    );
    await u.click(within(bar).getByRole('button', { name: 'Voltar ao vivo' }));
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(bar).not.toHaveAttribute('data-behind');
  });
});
