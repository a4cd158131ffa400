/** /programacao (the programme grid) and /parceiros (AF-01's partner cards). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_STREAMS } from '@/features/player/testing/fixtures';
import { freshPlayer, fetchedUrls } from '@/features/player/testing/player-test-utils';
import { PartnersPage } from '@/features/partners/PartnersPage';
import { LOAD_ERROR } from '@/lib/messages';
import { errorReply, mockApi, type ApiHandlers } from '@/test/api-mock';
import { act, render, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { ProgrammePage } from './ProgrammePage';
import { GRID_NOW, NOW, WEEK } from './testing/fixtures';

const STREAMS = '/api/v1/aovivo/getAvailableStreams';
const WEEK_PATH = '/api/v1/schedule/teste_1';
const NOW_PATH = '/api/v1/schedule/teste_1/now';

function gridApi(extra: ApiHandlers = {}): ApiHandlers {
  return {
    [STREAMS]: PUBLIC_STREAMS,
    [WEEK_PATH]: WEEK,
    [NOW_PATH]: NOW,
    '/api/v1/schedule/teste_2': { ...WEEK, streamId: 'teste_2', streamName: 'Flashback' },
    '/api/v1/schedule/teste_2/now': { streamId: 'teste_2', now: null, next: null },
    ...extra,
  };
}

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

function slotTitles(): string[] {
  return within(screen.getByTestId('schedule-day'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

beforeEach(() => {
  freshPlayer();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: GRID_NOW });
});

describe('the programme grid', () => {
  it("lists today's programmes in order, each linking to its page, the one on air marked", async () => {
    mockApi(gridApi());
    render(<ProgrammePage />, { route: '/programacao' });
    expect(await screen.findByRole('tab', { name: 'Hoje' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(slotTitles()).toEqual(['Manhã da Onda', 'Jornal da Onda', 'Noite Especial']);

    const slots = screen.getAllByTestId('schedule-slot');
    expect(slots[0]).toHaveAttribute('href', '/programacao/manha-da-onda');
    expect(slots[0]).toHaveTextContent('06:00 – 10:00');
    expect(slots[0]).toHaveTextContent('com Ana e Beto');
    expect(slots[0]).toHaveTextContent('Ao vivo');
    // The picture is decorative: the title beside it names the programme.
    expect(within(slots[0] as HTMLElement).getByRole('presentation')).toHaveAttribute(
      'src',
      '/media/img/program/1.webp',
    );

    // The special: its badge and the autoDJ's music as its fill.
    expect(within(slots[2] as HTMLElement).getByTestId('slot-special')).toHaveTextContent(
      'Especial',
    );
    expect(slots[2]).toHaveTextContent('Música');
    expect(slots[2]).toHaveTextContent('22:00 – 02:00');

    // The server's on air: marked, as the current time of the list, and scrolled into view.
    await waitFor(() => expect(slots[1]).toHaveAttribute('aria-current', 'time'));
    expect(within(slots[1] as HTMLElement).getByTestId('slot-on-air')).toHaveTextContent('No ar');
    expect(screen.getAllByTestId('slot-on-air')).toHaveLength(1);
    expect(slots[1]?.scrollIntoView).toHaveBeenCalled();
    expect(document.title).toMatch(/^Programação/);
  });

  it('switches days with the tabs, by click and by arrow keys', async () => {
    mockApi(gridApi());
    render(<ProgrammePage />, { route: '/programacao' });
    const tabs = within(await screen.findByRole('tablist', { name: 'Dias da programação' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Hoje',
      'Amanhã',
      'Qui 03/12',
      'Sex 04/12',
      'Sáb 05/12',
      'Dom 06/12',
      'Seg 07/12',
    ]);

    await user().click(tabs.getByRole('tab', { name: 'Amanhã' }));
    expect(tabs.getByRole('tab', { name: 'Amanhã' })).toHaveAttribute('aria-selected', 'true');
    expect(slotTitles()).toEqual(['Noite Especial', 'Manhã da Onda']);
    // The special that began the evening before: said so, and not on air on another day.
    expect(screen.getAllByTestId('schedule-slot')[0]).toHaveTextContent('desde a véspera');
    expect(screen.queryByTestId('slot-on-air')).not.toBeInTheDocument();

    await user().keyboard('{ArrowRight}{ArrowRight}');
    expect(tabs.getByRole('tab', { name: 'Sex 04/12' })).toHaveAttribute('aria-selected', 'true');
    expect(slotTitles()).toEqual(['Manhã da Onda']);
    await user().keyboard('{ArrowLeft}');
    expect(tabs.getByRole('tab', { name: 'Qui 03/12' })).toHaveFocus();
  });

  it('a day without programmes says the music plays all day, with the way to listen', async () => {
    mockApi(gridApi());
    render(<ProgrammePage />, { route: '/programacao' });
    await user().click(await screen.findByRole('tab', { name: 'Qui 03/12' }));
    const empty = screen.getByTestId('schedule-empty');
    expect(within(empty).getByRole('heading')).toHaveTextContent('Programação musical o dia todo');
    expect(within(empty).getByRole('link', { name: 'Ouvir ao vivo' })).toHaveAttribute(
      'href',
      '/ouvir-radio-online',
    );
  });

  it('shows loading placeholders, then an error with a retry that loads the grid', async () => {
    mockApi(gridApi({ [WEEK_PATH]: new Error('boom') }));
    render(<ProgrammePage />, { route: '/programacao' });
    expect(screen.getByRole('status', { name: 'Carregando a programação' })).toBeInTheDocument();
    // Past the query's own retries (a failure other than 404 is asked twice more).
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();

    mockApi(gridApi());
    await user().click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('tab', { name: 'Hoje' })).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
  });

  it('offers the channels (not the Dolby twin), keeps the choice in the address', async () => {
    const fetchMock = mockApi(gridApi());
    const { router } = renderRoute('/programacao');
    const picker = await screen.findByRole('combobox', { name: 'Canal' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Normal', 'Flashback', 'Sem intervalos', 'Festival']);
    expect(picker).toHaveValue('teste_1');
    await screen.findByRole('tab', { name: 'Hoje' });

    await user().selectOptions(picker, 'teste_2');
    await waitFor(() => expect(router.state.location.search).toBe('?canal=teste_2'));
    await waitFor(() =>
      expect(fetchedUrls(fetchMock, '/api/v1/schedule/teste_2')).not.toHaveLength(0),
    );
    // Nothing on air on that channel: nothing marked.
    await screen.findByRole('tab', { name: 'Hoje' });
    expect(screen.queryByTestId('slot-on-air')).not.toBeInTheDocument();
  });

  it('opens on the channel the address names', async () => {
    const fetchMock = mockApi(gridApi());
    render(<ProgrammePage />, { route: '/programacao?canal=teste_2' });
    expect(await screen.findByRole('combobox', { name: 'Canal' })).toHaveValue('teste_2');
    await screen.findByRole('tab', { name: 'Hoje' });
    expect(fetchedUrls(fetchMock, '/api/v1/schedule/teste_1?')).toHaveLength(0);
    expect(fetchedUrls(fetchMock, '/api/v1/schedule/teste_2')).not.toHaveLength(0);
  });

  it('a station with one channel shows no picker', async () => {
    mockApi(gridApi({ [STREAMS]: PUBLIC_STREAMS.slice(0, 2) }));
    render(<ProgrammePage />, { route: '/programacao' });
    await screen.findByRole('tab', { name: 'Hoje' });
    expect(screen.queryByRole('combobox', { name: 'Canal' })).not.toBeInTheDocument();
  });

  it('an unknown channel is the not-found view', async () => {
    mockApi(
      gridApi({
        [STREAMS]: [],
        [WEEK_PATH]: errorReply(404, 'Canal não encontrado.'),
      }),
    );
    render(<ProgrammePage />, { route: '/programacao' });
    expect(await screen.findByText('NÃO ACHAMOS ESSE CANAL :(')).toBeInTheDocument();
  });
});

describe('partners (AF-01)', () => {
  it('partner cards show name, image and description', async () => {
    mockApi({
      '/api/v1/getPartnersData': [
        {
          slug: 'inst',
          name: 'Instituto X',
          image: '/media/img/partner/inst.svg',
          description: 'Aulas de música.',
          link: '',
        },
      ],
    });
    render(<PartnersPage />);
    expect(await screen.findByRole('heading', { name: 'Instituto X' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Instituto X' })).toBeInTheDocument();
    expect(screen.getByText('Aulas de música.')).toBeInTheDocument();
  });

  it('the retry loads the list again', async () => {
    mockApi({ '/api/v1/getPartnersData': new Error('boom') });
    render(<PartnersPage />);
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
    mockApi({ '/api/v1/getPartnersData': [] });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Nenhum parceiro no momento')).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
  });
});
