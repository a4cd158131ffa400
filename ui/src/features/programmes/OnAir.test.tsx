/**
 * On air now and next: the hook's first fetch, the push channel's `programme` events, the fetch
 * again when the programme ends, and where it shows (live page, home hero, player bar).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSourceOpener } from '@/features/player/now-playing-events';
import { MAIN } from '@/features/player/testing/fixtures';
import { fetchedUrls, freshPlayer, liveApi } from '@/features/player/testing/player-test-utils';
import type { ScheduleNow } from '@/generated/ScheduleNow';
import { mockApi, type ApiHandlers } from '@/test/api-mock';
import { act, render, renderRoute, screen, waitFor, within } from '@/test/render';
import { SCHEDULE_BOUNDARY_GRACE_MS, refetchDelay } from './api/use-schedule-now';
import { OnAirLines } from './OnAir';
import { GRID_NOW, JORNAL, MANHA_TOMORROW, NOITE, NOW } from './testing/fixtures';

const NOW_PATH = `/api/v1/schedule/${MAIN}/now`;

/** A stand-in EventSource: the test sends the server's events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly handlers = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const handler of this.handlers.get(type) ?? []) handler(new MessageEvent(type, { data }));
  }
}

/** Sends an event, then lets the query cache tell its observers (on a zero-delay timer). */
async function push(source: FakeEventSource | undefined, data: string) {
  await act(async () => {
    source?.emit('programme', data);
    await vi.advanceTimersByTimeAsync(0);
  });
}

function nowApi(now: ScheduleNow | Error = NOW, extra: ApiHandlers = {}): ApiHandlers {
  return { ...liveApi(), [NOW_PATH]: now, ...extra };
}

beforeEach(() => {
  freshPlayer();
  FakeEventSource.instances = [];
  vi.useFakeTimers({ shouldAdvanceTime: true, now: GRID_NOW });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('on air now and next', () => {
  it('says what is on air, until when, and what comes next, linking to their pages', async () => {
    mockApi(nowApi());
    render(<OnAirLines streamId={MAIN} />);
    const block = await screen.findByTestId('on-air-programme');
    expect(block).toHaveTextContent('No ar: Jornal da Onda · com Carla · até 12:00');
    expect(within(block).getByRole('link', { name: 'Jornal da Onda' })).toHaveAttribute(
      'href',
      '/programacao/jornal-da-onda',
    );
    expect(screen.getByTestId('next-programme')).toHaveTextContent(
      'A seguir: Noite Especial às 22:00',
    );
    expect(within(block).getByRole('link', { name: 'Noite Especial' })).toHaveAttribute(
      'href',
      '/programacao/noite-especial',
    );
  });

  it('shows nothing while the grid has no programme on air', async () => {
    const fetchMock = mockApi(nowApi({ streamId: MAIN, now: null, next: NOITE }));
    render(<OnAirLines streamId={MAIN} />);
    await waitFor(() => expect(fetchedUrls(fetchMock, NOW_PATH)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByTestId('on-air-programme')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("follows the push channel's programme events for its channel", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi(nowApi());
    render(<OnAirLines streamId={MAIN} />);
    await screen.findByText('Jornal da Onda');

    // The player's one connection, as it opens it while the radio plays.
    const close = eventSourceOpener()?.(MAIN, vi.fn());
    const source = FakeEventSource.instances.at(-1);
    expect(source?.url).toBe(`/api/v1/aovivo/events/${MAIN}`);
    const changed: ScheduleNow = { streamId: MAIN, now: NOITE, next: MANHA_TOMORROW };
    await push(source, JSON.stringify(changed));
    expect(screen.getByTestId('on-air-programme')).toHaveTextContent(
      'No ar: Noite Especial · até 02:00',
    );
    expect(screen.getByTestId('next-programme')).toHaveTextContent(
      'A seguir: Manhã da Onda amanhã às 06:00',
    );

    // Another channel's event, or a malformed one, changes nothing.
    await push(source, JSON.stringify({ ...NOW, streamId: 'teste_2' }));
    await push(source, '{"streamId":');
    expect(screen.getByTestId('on-air-programme')).toHaveTextContent('Noite Especial');

    // The grid says nothing is on air any more: the lines go.
    await push(source, JSON.stringify({ streamId: MAIN, now: null, next: null }));
    expect(screen.queryByTestId('on-air-programme')).not.toBeInTheDocument();
    close?.();
    expect(source?.closed).toBe(true);
  });

  it('asks again when the programme on air ends', async () => {
    const fetchMock = mockApi(nowApi());
    render(<OnAirLines streamId={MAIN} />);
    await screen.findByText('Jornal da Onda');
    expect(fetchedUrls(fetchMock, NOW_PATH)).toHaveLength(1);

    mockApi(nowApi({ streamId: MAIN, now: NOITE, next: MANHA_TOMORROW }));
    const untilEnd = Date.parse(JORNAL.endsAt) - Date.now();
    await act(() => vi.advanceTimersByTimeAsync(untilEnd));
    expect(screen.getByTestId('on-air-programme')).toHaveTextContent('Jornal da Onda');
    await act(() => vi.advanceTimersByTimeAsync(SCHEDULE_BOUNDARY_GRACE_MS + 10));
    await waitFor(() =>
      expect(screen.getByTestId('on-air-programme')).toHaveTextContent('Noite Especial'),
    );
  });

  it('an answer fetched after the boundary that has not moved on is asked for again later', () => {
    expect(refetchDelay(1_000_000, 900_000, 950_000)).toBe(50_000 + SCHEDULE_BOUNDARY_GRACE_MS);
    expect(refetchDelay(1_000_000, 900_000, 2_000_000)).toBe(0);
    expect(refetchDelay(1_000_000, 1_000_500, 1_000_600)).toBe(30_000);
  });
});

describe('where a listener looks', () => {
  it('the live page, the home hero and the player bar show the programme on air', async () => {
    mockApi(nowApi());
    renderRoute('/ouvir-radio-online');
    const lines = await screen.findByTestId('on-air-programme');
    expect(lines).toHaveTextContent('No ar: Jornal da Onda · com Carla · até 12:00');
    expect(screen.getByTestId('next-programme')).toHaveTextContent('A seguir: Noite Especial');
    const pill = screen.getByTestId('player-bar-programme');
    expect(pill).toHaveTextContent('No ar Jornal da Onda');
    expect(pill).toHaveAttribute('href', '/programacao/jornal-da-onda');
  });

  it("the home hero's compact line", async () => {
    mockApi(nowApi());
    renderRoute('/');
    const line = await screen.findByTestId('hero-on-air');
    expect(line).toHaveTextContent('No ar: Jornal da Onda · até 12:00');
    expect(within(line).getByRole('link', { name: 'Jornal da Onda' })).toHaveAttribute(
      'href',
      '/programacao/jornal-da-onda',
    );
  });

  it('nothing on air: no line on the live page, no pill in the bar', async () => {
    const fetchMock = mockApi(nowApi({ streamId: MAIN, now: null, next: NOITE }));
    renderRoute('/ouvir-radio-online');
    await screen.findByTestId('live-now-playing');
    await waitFor(() => expect(fetchedUrls(fetchMock, NOW_PATH).length).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByTestId('on-air-programme')).not.toBeInTheDocument();
    expect(screen.queryByTestId('player-bar-programme')).not.toBeInTheDocument();
  });
});
