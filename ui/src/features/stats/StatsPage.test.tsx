import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import { STATS_POLL_MS } from '@/lib/constants';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { DEFAULT_API } from '@/test/api-mock';
import { act, fireEvent, render, screen, waitFor, within } from '@/test/render';
import { StatsPage } from './StatsPage';
import type {
  FilteredSessions,
  HistoryData,
  ImpactReport,
  LiveListeners,
  UserPermissions,
} from './types';

// recharts draws nothing in jsdom (no layout): the charts show which series they were given.
vi.mock('./charts', () => ({
  HistoryChart: ({ series }: { series: { name: string }[] }) => (
    <ul data-testid="history-chart">
      {series.map((item) => (
        <li key={item.name}>{item.name}</li>
      ))}
    </ul>
  ),
  LiveSparkline: ({ values }: { values: number[] }) => (
    <div data-testid="live-sparkline">{values.join(',')}</div>
  ),
}));

const USER = { userId: 42, name: 'Equipe', email: 'equipe@example.com', isPro: false };
// 15:00 UTC is 12:00 in Brasília.
const NOW = new Date('2024-05-10T15:00:00Z');

interface Envelope {
  status: 'success' | 'error' | number;
  message: string;
  data: unknown;
}
type Reply = Envelope | Error;
type Handler = Reply | ((url: URL, init?: RequestInit) => Reply | Promise<Reply>);

const ok = (data: unknown, message = 'success'): Envelope => ({ status: 'success', message, data });
const refuse = (message: string, status: Envelope['status'] = 'error'): Envelope => ({
  status,
  message,
  data: null,
});

/** A fetch mock answering envelopes per API path; every URL is recorded. */
function mockStats(handlers: Record<string, Handler>) {
  const urls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    urls.push(url);
    const handler = handlers[url.pathname.replace('/api/v1/', '')];
    let reply: Reply;
    if (handler) reply = typeof handler === 'function' ? await handler(url, init) : handler;
    else if (Object.hasOwn(DEFAULT_API, url.pathname)) reply = ok(DEFAULT_API[url.pathname]);
    else reply = refuse('not found', 404);
    if (reply instanceof Error) throw new TypeError('Failed to fetch');
    const http = typeof reply.status === 'number' ? reply.status : 200;
    return new Response(JSON.stringify(reply), {
      status: http,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    urls,
    to: (path: string) => urls.filter((url) => url.pathname === `/api/v1/stats/${path}`),
    stats: () => urls.filter((url) => url.pathname.startsWith('/api/v1/stats')),
  };
}

function permissions(granted: number[]): UserPermissions {
  return {
    userPermissions: granted,
    content: {
      affiliates: granted.includes(3)
        ? [
            { sid: 'cwb', name: 'Rádio Teste Curitiba' },
            { sid: 'sp', name: 'Rádio Teste São Paulo' },
          ]
        : [],
      affiliatesUrl: granted.includes(3) ? 'https://teste.example/stream/' : '',
      links: granted.includes(2)
        ? [
            { label: 'Status do Icecast', url: 'https://teste.example/status' },
            { label: 'Saúde do servidor', url: 'https://teste.example/health' },
          ]
        : [],
    },
  };
}

const CHANNELS = [
  { key: 'total', label: 'Total', pro: false },
  { key: 'android', label: 'Android', pro: false },
  { key: 'teste_pro', label: 'Teste PRO', pro: true },
];

function live(total: number, android = 1): LiveListeners {
  return {
    listeners: [
      { time: '2024-05-10 11:58:00', total: 2, android: 0, teste_pro: 0 },
      { time: '2024-05-10 11:59:00', total: 3, android: 1, teste_pro: 1 },
      { time: '2024-05-10 12:00:05', total, android, teste_pro: 2 },
    ],
    channels: CHANNELS,
  };
}

function history(
  types: string[],
  times = ['2024-05-10 10:00', '2024-05-10 11:00'],
): HistoryData & { sessionStats: FilteredSessions['sessionStats'] } {
  const listenersData: HistoryData['listenersData'] = {};
  const sessionStats: FilteredSessions['sessionStats'] = {};
  types.forEach((type, index) => {
    listenersData[type] = {
      max: times.map((_, i) => 10 + i + index),
      min: times.map((_, i) => 1 + i),
      mean: times.map((_, i) => 5.5 + i),
    };
    sessionStats[type] = {
      averageListeners: times.map((_, i) => 4.25 + i),
      uniqueListeners: times.map((_, i) => 20 + i),
      listeningHours: times.map((_, i) => 4.25 + i),
      averageSessionMinutes: times.map((_, i) => 12.5 + i),
    };
  });
  return { timeData: times, listenersData, sessionStats };
}

/** Answers getFilteredListeners and getFilteredSessions with the types the request asked for. */
const historyHandler = (url: URL) => ok(history(url.searchParams.getAll('listenersTypes[]')));

function api(granted: number[], extra: Record<string, Handler> = {}) {
  return mockStats({
    'stats/getUserPermissions': ok(permissions(granted)),
    'stats/getListeners': ok(live(5)),
    'stats/getFilteredListeners': historyHandler,
    'stats/getFilteredSessions': historyHandler,
    ...extra,
  });
}

async function openDashboard() {
  setSession({ user: USER });
  render(<StatsPage />, { route: '/a1stats' });
  await screen.findByTestId('stats-dashboard');
  await screen.findByTestId('live-counters');
}

function useClock() {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
}

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetSession();
  resetLoginModal();
});

describe('/a1stats access (SS-01)', () => {
  it('without a session: the login message, a way to log in, and no /api/v1/stats request', async () => {
    const calls = api([1, 2, 3]);
    setSession(null);
    render(<StatsPage />, { route: '/a1stats' });
    expect(
      screen.getByText('Você precisa estar logado para ver as estatísticas'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().opened).toBe(true);
    expect(getLoginModalState().screen).toBe('login');
    await act(() => new Promise((ok) => setTimeout(ok, 50)));
    expect(calls.stats()).toHaveLength(0);
  });

  it('while the session is still unknown: a loader and no /api/v1/stats request', async () => {
    const calls = api([1]);
    render(<StatsPage />, { route: '/a1stats' });
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    await act(() => new Promise((ok) => setTimeout(ok, 50)));
    expect(calls.stats()).toHaveLength(0);
  });

  it('with a session lacking permission 1: the no-permission message and no statistics call', async () => {
    const calls = api([2, 3, 7]);
    setSession({ user: USER });
    render(<StatsPage />, { route: '/a1stats' });
    expect(
      await screen.findByText('Você não tem permissão para ler as estatísticas.'),
    ).toBeInTheDocument();
    expect(calls.to('getUserPermissions')).toHaveLength(1);
    expect(calls.to('getListeners')).toHaveLength(0);
    expect(calls.to('getFilteredListeners')).toHaveLength(0);
  });

  it("a 403 'no permission' answer shows the no-permission message", async () => {
    api([], { 'stats/getUserPermissions': refuse('no permission', 403) });
    setSession({ user: USER });
    render(<StatsPage />, { route: '/a1stats' });
    expect(
      await screen.findByText('Você não tem permissão para ler as estatísticas.'),
    ).toBeInTheDocument();
  });
});

describe('/a1stats sections by permission (SS-05)', () => {
  it('[1]: counters, history and impact report; no controls, no Filiais', async () => {
    api([1]);
    await openDashboard();
    expect(screen.getByRole('heading', { name: 'Ouvintes agora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Histórico de ouvintes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Relatório de impacto' })).toBeInTheDocument();
    expect(screen.queryByTestId('stats-controls')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Filiais' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpar cache' })).not.toBeInTheDocument();
  });

  it('[1,2]: the controls with the links list; no Filiais', async () => {
    api([1, 2]);
    await openDashboard();
    const controls = screen.getByTestId('stats-controls');
    expect(within(controls).getByRole('link', { name: 'Status do Icecast' })).toHaveAttribute(
      'href',
      'https://teste.example/status',
    );
    expect(within(controls).getByRole('link', { name: 'Saúde do servidor' })).toBeInTheDocument();
    expect(within(controls).getByRole('button', { name: 'Limpar cache' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Filiais' })).not.toBeInTheDocument();
  });

  it('[1,3]: Filiais with a player per affiliate; no controls', async () => {
    api([1, 3]);
    await openDashboard();
    expect(screen.getByRole('heading', { name: 'Filiais' })).toBeInTheDocument();
    expect(screen.queryByTestId('stats-controls')).not.toBeInTheDocument();
    const section = screen.getByTestId('stats-affiliates');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(section).getByRole('button', { name: 'Tocar Rádio Teste Curitiba' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Tocar Rádio Teste São Paulo' }),
    ).toBeInTheDocument();
    expect(within(section).getByText('https://teste.example/stream/cwb.mp3')).toBeInTheDocument();
  });

  it('an affiliate player plays its stream (affiliatesUrl + sid + .mp3), one at a time', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    api([1, 3]);
    await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Tocar Rádio Teste Curitiba' }));
    const pause = await screen.findByRole('button', { name: 'Pausar Rádio Teste Curitiba' });
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(play).toHaveBeenCalledTimes(1);
    const audios = screen.getByTestId('stats-affiliates').querySelectorAll('audio');
    expect(audios[0]?.getAttribute('src')).toBe('https://teste.example/stream/cwb.mp3');
    fireEvent.click(screen.getByRole('button', { name: 'Tocar Rádio Teste São Paulo' }));
    await screen.findByRole('button', { name: 'Pausar Rádio Teste São Paulo' });
    expect(screen.getByRole('button', { name: 'Tocar Rádio Teste Curitiba' })).toBeInTheDocument();
    expect(audios[0]?.getAttribute('src')).toBeNull();
    expect(audios[1]?.getAttribute('src')).toBe('https://teste.example/stream/sp.mp3');
  });

  it("'Limpar cache' posts cleanCache and confirms with a toast", async () => {
    const calls = api([1, 2], { 'stats/cleanCache': ok({ cleaned: ['pages'] }, 'cache cleaned') });
    await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar cache' }));
    expect(await screen.findByText('Cache limpo.')).toBeInTheDocument();
    const [call] = calls.to('cleanCache');
    expect(call).toBeDefined();
  });
});

describe('/a1stats live counters (SS-03)', () => {
  it('shows the last sample per channel, PRO channels marked, and the last hour of the total', async () => {
    api([1]);
    await openDashboard();
    expect(screen.getByTestId('live-count-total')).toHaveTextContent('5');
    expect(within(screen.getByTestId('live-count-android')).getByTestId('count')).toHaveTextContent(
      '1',
    );
    const pro = screen.getByTestId('live-count-teste_pro');
    expect(pro).toHaveAttribute('data-pro', 'true');
    expect(within(pro).getByText('PRO')).toBeInTheDocument();
    expect(within(pro).getByTestId('count')).toHaveTextContent('2');
    expect(await screen.findByTestId('live-sparkline')).toHaveTextContent('2,3,5');
    expect(screen.getByTestId('live-updated')).toHaveTextContent('12:00:05');
  });

  it('polls getListeners every 20 s and shows the new numbers', async () => {
    useClock();
    let total = 5;
    const calls = api([1], { 'stats/getListeners': () => ok(live(total)) });
    await openDashboard();
    expect(calls.to('getListeners')).toHaveLength(1);
    total = 8;
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS - 100));
    expect(calls.to('getListeners')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.getByTestId('live-count-total')).toHaveTextContent('8'));
    expect(calls.to('getListeners')).toHaveLength(2);
    total = 13;
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('live-count-total')).toHaveTextContent('13'));
    expect(calls.to('getListeners')).toHaveLength(3);
  });

  it("a failed poll shows 'Connection error!' with the last numbers in the error style, and recovers", async () => {
    useClock();
    let reply: Reply = ok(live(5));
    const calls = api([1], { 'stats/getListeners': () => reply });
    await openDashboard();
    expect(screen.queryByText('Connection error!')).not.toBeInTheDocument();

    reply = new Error('down');
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    expect(await screen.findByText('Connection error!')).toBeInTheDocument();
    const total = screen.getByTestId('live-count-total');
    expect(total).toHaveTextContent('5');
    expect(total).toHaveAttribute('data-error', 'true');
    expect(screen.getByTestId('live-counters')).toHaveAttribute('data-error', 'true');

    reply = ok(live(9));
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    await waitFor(() => expect(screen.queryByText('Connection error!')).not.toBeInTheDocument());
    expect(screen.getByTestId('live-count-total')).toHaveTextContent('9');
    expect(screen.getByTestId('live-count-total')).not.toHaveAttribute('data-error');
    expect(calls.to('getListeners')).toHaveLength(3);
  });
});

describe('/a1stats history (SS-06)', () => {
  // Required fields carry an asterisk after the label.
  const input = (label: string) =>
    screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

  it('opens on the last 7 days, 00:00 to 23:59, by hour, for the total, and asks for it', async () => {
    useClock();
    const calls = api([1]);
    await openDashboard();
    expect(input('Início')).toHaveValue('2024-05-04T00:00');
    expect(input('Fim')).toHaveValue('2024-05-10T23:59');
    expect(input('Agrupar por')).toHaveValue('Hora');
    await waitFor(() => expect(calls.to('getFilteredListeners')).toHaveLength(1));
    const [request] = calls.to('getFilteredListeners');
    expect(request?.searchParams.get('startDate')).toBe('2024-05-04 00:00');
    expect(request?.searchParams.get('endDate')).toBe('2024-05-10 23:59');
    expect(request?.searchParams.get('choiceTime')).toBe('hour');
    expect(request?.searchParams.getAll('listenersTypes[]')).toEqual(['total']);
  });

  it('offers the groupings minute, hour, day, week, month and the modes all, onlyMax, onlyMin, onlyMean', async () => {
    api([1]);
    await openDashboard();
    fireEvent.click(input('Agrupar por'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Minuto',
      'Hora',
      'Dia',
      'Semana',
      'Mês',
    ]);
    const modes = within(screen.getByTestId('chart-mode')).getAllByRole('radio');
    expect(modes.map((mode) => (mode as HTMLInputElement).value)).toEqual([
      'all',
      'onlyMax',
      'onlyMin',
      'onlyMean',
    ]);
    expect(modes[0]).toBeChecked();
  });

  it('sends the chosen range, grouping and repeated listenersTypes[]', async () => {
    const calls = api([1]);
    await openDashboard();
    await waitFor(() => expect(calls.to('getFilteredListeners')).toHaveLength(1));
    fireEvent.change(input('Início'), { target: { value: '2024-04-01T06:00' } });
    fireEvent.change(input('Fim'), { target: { value: '2024-04-30T18:30' } });
    fireEvent.click(input('Agrupar por'));
    fireEvent.click(await screen.findByRole('option', { name: 'Dia' }));
    fireEvent.click(input('Canais'));
    fireEvent.click(await screen.findByRole('option', { name: 'Android' }));
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(calls.to('getFilteredListeners')).toHaveLength(2));
    const request = calls.to('getFilteredListeners')[1];
    expect(request?.search).toBe(
      '?startDate=2024-04-01%2006%3A00&endDate=2024-04-30%2018%3A30&choiceTime=day' +
        '&listenersTypes[]=total&listenersTypes[]=android',
    );
    expect(request?.searchParams.getAll('listenersTypes[]')).toEqual(['total', 'android']);
  });

  it('refuses an end before the start without a request', async () => {
    const calls = api([1]);
    await openDashboard();
    await waitFor(() => expect(calls.to('getFilteredListeners')).toHaveLength(1));
    fireEvent.change(input('Início'), { target: { value: '2024-05-10T10:00' } });
    fireEvent.change(input('Fim'), { target: { value: '2024-05-09T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('O início precisa ser antes do fim.')).toBeInTheDocument();
    expect(calls.to('getFilteredListeners')).toHaveLength(1);
  });

  it('draws the series of the chosen mode', async () => {
    api([1]);
    await openDashboard();
    const chart = await screen.findByTestId('history-chart');
    const names = () =>
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(names()).toEqual(['total:max', 'total:mean', 'total:min']);
    const mode = screen.getByTestId('chart-mode');
    fireEvent.click(within(mode).getByLabelText('Máximo'));
    await waitFor(() => expect(names()).toEqual(['total:max']));
    fireEvent.click(within(mode).getByLabelText('Mínimo'));
    await waitFor(() => expect(names()).toEqual(['total:min']));
    fireEvent.click(within(mode).getByLabelText('Média'));
    await waitFor(() => expect(names()).toEqual(['total:mean']));
    fireEvent.click(within(mode).getByLabelText('Todos'));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('shows the session figures per period', async () => {
    api([1]);
    await openDashboard();
    const table = await screen.findByTestId('session-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // The latest period first.
    expect(rows[1]).toHaveTextContent('10/05/2024 11:00');
    const cells = within(rows[2] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['10/05/2024 10:00', '4,25', '10', '20', '4,25', '12,5']);
    expect(screen.getByText('Pico de ouvintes').parentElement).toHaveTextContent(/11$/);
    expect(screen.getByText('Horas ouvidas', { selector: 'p' }).parentElement).toHaveTextContent(
      /9,50$/,
    );
  });

  it('draws the chart without waiting for the session figures, and says when they fail', async () => {
    api([1], { 'stats/getFilteredSessions': refuse('Ocorreu um erro inesperado.') });
    await openDashboard();
    expect(
      await screen.findByText(
        'Não foi possível carregar as sessões de audição deste período. Tente de novo.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('history-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('session-table')).not.toBeInTheDocument();
  });

  it('leaves the periods still to come out of the table', async () => {
    useClock();
    api([1], {
      'stats/getFilteredListeners': ok(
        history(['total'], ['2024-05-10 11:00', '2024-05-10 12:00', '2024-05-10 13:00']),
      ),
    });
    await openDashboard();
    const table = await screen.findByTestId('session-table');
    const periods = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(periods).toEqual(['10/05/2024 12:00', '10/05/2024 11:00']);
  });

  it("no listeners in the period: 'Sem dados no período'", async () => {
    api([1], {
      'stats/getFilteredListeners': ok({ timeData: [], listenersData: {}, sessionStats: {} }),
    });
    await openDashboard();
    expect(await screen.findByText('Sem dados no período')).toBeInTheDocument();
    expect(screen.queryByTestId('history-chart')).not.toBeInTheDocument();
  });

  it('a refused query shows the server message in an error toast', async () => {
    api([1], {
      'stats/getFilteredListeners': refuse('Período longo demais para agrupar por minuto.'),
    });
    await openDashboard();
    const message = await screen.findByText('Período longo demais para agrupar por minuto.');
    expect(message.closest('[data-toast-kind]')).toHaveAttribute('data-toast-kind', 'error');
  });

  it('exports the shown data as CSV', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    api([1]);
    await openDashboard();
    await screen.findByTestId('history-chart');
    fireEvent.click(within(screen.getByTestId('chart-mode')).getByLabelText('Máximo'));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^ouvintes_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_hour\.csv$/);
    const text = await new Promise<string>((done) => {
      const reader = new FileReader();
      reader.onload = () => done(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'periodo,Total máx.,Total média de ouvintes,Total ouvintes únicos,Total horas ouvidas,Total sessão média (min)\r\n' +
        '2024-05-10 10:00,10,4.25,20,4.25,12.5\r\n' +
        '2024-05-10 11:00,11,5.25,21,5.25,13.5\r\n',
    );
  });
});

describe('/a1stats impact report (SS-08)', () => {
  const box = () => screen.getByLabelText('Timestamps');
  const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Gerar relatório' }));

  it("an empty box: 'Nenhuma timestamp fornecida!' without a request", async () => {
    const calls = api([1]);
    await openDashboard();
    expect(
      screen.getByText('Um valor 0 significa que não foi possível ler o stream naquele momento.'),
    ).toBeInTheDocument();
    fireEvent.change(box(), { target: { value: '  \n \n' } });
    generate();
    expect(await screen.findByText('Nenhuma timestamp fornecida!')).toBeInTheDocument();
    expect(calls.to('getListenersByDates')).toHaveLength(0);
  });

  it('sends the lines and shows the listeners per stream with the totals', async () => {
    const report: ImpactReport = {
      timeData: ['2024-05-10 08:15:00', '2024-05-10 12:40:30'],
      listenersData: { teste_1: [12, 0], teste_pro: [3, 4] },
      totalListeners: 19,
      totalNumInserts: 2,
    };
    const calls = api([1], { 'stats/getListenersByDates': ok(report) });
    await openDashboard();
    fireEvent.change(box(), {
      target: { value: '2024-05-10 08:15:00\n\n  2024-05-10 12:40:30  \n' },
    });
    generate();
    const result = await screen.findByTestId('impact-result');
    expect(calls.to('getListenersByDates')[0]?.searchParams.get('timestamps')).toBe(
      '2024-05-10 08:15:00\n2024-05-10 12:40:30',
    );
    expect(within(result).getByTestId('impact-total-listeners')).toHaveTextContent('19');
    expect(within(result).getByTestId('impact-total-inserts')).toHaveTextContent('2');
    const table = within(result).getByTestId('impact-table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Data', 'teste_1', 'Teste PRO', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10/05/2024 08:15:00', '12', '3', '15']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10/05/2024 12:40:30', '0', '4', '4']);
  });

  it('a refusal (two identical timestamps) shows the server message in an error toast', async () => {
    const message = 'Timestamps iguais ou muito próximas (menos de 60 s) não são permitidas.';
    api([1], { 'stats/getListenersByDates': refuse(message) });
    await openDashboard();
    fireEvent.change(box(), { target: { value: '2024-05-10 08:15:00\n2024-05-10 08:15:00' } });
    generate();
    const toastText = await screen.findByText(message);
    expect(toastText.closest('[data-toast-kind]')).toHaveAttribute('data-toast-kind', 'error');
    expect(screen.queryByTestId('impact-result')).not.toBeInTheDocument();
  });
});
