/** /programacao/{slug}: a programme's page, its airings, its next airing and the not-found view. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN_STREAM, PUBLIC_STREAMS } from '@/features/player/testing/fixtures';
import { freshPlayer } from '@/features/player/testing/player-test-utils';
import { errorReply, mockApi, type ApiHandlers } from '@/test/api-mock';
import { renderRoute, screen, within } from '@/test/render';
import { nextLabel, whenLabel } from './schedule-format';
import { GRID_NOW, JORNAL, NOITE, PROGRAM, slot } from './testing/fixtures';

const PROGRAM_PATH = '/api/v1/programs/manha-da-onda';

function programApi(extra: ApiHandlers = {}): ApiHandlers {
  return {
    '/api/v1/aovivo/getAvailableStreams': PUBLIC_STREAMS,
    [PROGRAM_PATH]: PROGRAM,
    ...extra,
  };
}

beforeEach(() => {
  freshPlayer();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: GRID_NOW });
});

describe("a programme's page", () => {
  it('shows picture, title, host, description and when it airs on each channel', async () => {
    mockApi(programApi());
    renderRoute('/programacao/manha-da-onda');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manhã da Onda' })).toBeVisible();
    expect(document.title).toMatch(/^Manhã da Onda/);
    expect(screen.getByRole('img', { name: 'Manhã da Onda' })).toHaveAttribute(
      'src',
      '/media/img/program/1.webp',
    );
    expect(screen.getByTestId('program-host')).toHaveTextContent('Apresentação: Ana e Beto');
    expect(screen.getByText('Música e informação para começar o dia.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quando vai ao ar' })).toBeInTheDocument();

    const airings = screen.getAllByTestId('program-airing');
    expect(airings).toHaveLength(2);
    expect(airings[0]).toHaveTextContent('Normal');
    expect(airings[0]).toHaveTextContent('Segunda a sexta, das 06:00 às 10:00');
    expect(airings[0]).toHaveTextContent('com Ana e Beto');
    expect(airings[1]).toHaveTextContent('Flashback');
    expect(airings[1]).toHaveTextContent('Sábado, das 08:00 às 11:00');

    // Its next airing is tomorrow morning.
    expect(screen.getByTestId('program-next')).toHaveTextContent('Próxima edição: amanhã às 06:00');
    const crumbs = screen.getByRole('navigation', { name: 'Você está em' });
    expect(within(crumbs).getByRole('link', { name: 'Programação' })).toHaveAttribute(
      'href',
      '/programacao',
    );
  });

  it('leaves the channel out where the station has one', async () => {
    mockApi(
      programApi({
        '/api/v1/aovivo/getAvailableStreams': [MAIN_STREAM],
        [PROGRAM_PATH]: { ...PROGRAM, airings: PROGRAM.airings.slice(0, 1) },
      }),
    );
    renderRoute('/programacao/manha-da-onda');
    const airing = await screen.findByTestId('program-airing');
    expect(airing).toHaveTextContent('Segunda a sexta, das 06:00 às 10:00');
    expect(airing).not.toHaveTextContent('Normal');
  });

  it("says 'No ar agora' with the way to listen while it is on air", async () => {
    mockApi(programApi({ [PROGRAM_PATH]: { ...PROGRAM, next: JORNAL } }));
    renderRoute('/programacao/manha-da-onda');
    const next = await screen.findByTestId('program-next');
    expect(next).toHaveTextContent('No ar agora');
    expect(next).toHaveTextContent('Até 12:00');
    expect(within(next).getByRole('link', { name: 'Ouvir ao vivo' })).toHaveAttribute(
      'href',
      '/ouvir-radio-online',
    );
  });

  it('says tonight, tomorrow or the weekday and date of the next airing', () => {
    const now = GRID_NOW.getTime();
    expect(whenLabel(NOITE, now)).toBe('hoje às 22:00');
    expect(nextLabel(NOITE, now)).toBe('às 22:00');
    const friday = slot({
      id: 9,
      title: 'Sexta',
      date: '2026-12-04',
      start: '18:00',
      end: '19:00',
    });
    expect(whenLabel(friday, now)).toBe('sexta, 04/12, às 18:00');
    // 23:30 in Brasília is already the next day in UTC: still 'hoje'.
    const late = slot({ id: 10, title: 'Tarde', date: '2026-12-01', start: '23:30', end: '00:30' });
    expect(whenLabel(late, Date.parse('2026-12-02T02:10:00Z'))).toBe('hoje às 23:30');
  });

  it('an unknown programme is the not-found page, out of search engines', async () => {
    mockApi(programApi({ [PROGRAM_PATH]: errorReply(404, 'Programa não encontrado.') }));
    renderRoute('/programacao/manha-da-onda');
    const view = await screen.findByTestId('not-found-view');
    expect(view).toHaveTextContent('NÃO ACHAMOS ESSE PROGRAMA :(');
    expect(within(view).getByRole('link', { name: 'Ver a programação' })).toHaveAttribute(
      'href',
      '/programacao',
    );
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      expect.stringContaining('noindex'),
    );
  });
});
