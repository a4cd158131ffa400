import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { mockApi, rawReply } from '@/test/api-mock';
import { act, fireEvent, renderRoute, screen, userEvent, waitFor } from '@/test/render';
import {
  MUSIC_EMPTY_PANEL,
  MUSIC_FIRST_EMPTY_STATUS,
  MUSIC_NO_MORE_TEXT,
  MUSIC_SEARCH_PAUSE_MS,
} from './music';
import { musicRange } from './testing-fixtures';

function reply(data: unknown) {
  return new Response(JSON.stringify({ status: 'success', message: 'success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Pages by offset for both list calls; `filtered` answers per query. */
function setup(plainTotal: number, filtered: (url: URL) => number) {
  const page = (total: number, url: URL) => {
    const [, , , , offset = '0', count = '20'] = url.pathname.split('/');
    const start = Number(offset);
    return reply(musicRange(start + 1, Math.max(0, Math.min(Number(count), total - start))));
  };
  const handlers: Record<string, unknown> = {};
  for (let offset = 0; offset <= 200; offset += 20) {
    handlers[`/api/v1/getMusicData/${offset}/20`] = rawReply((url) => page(plainTotal, url));
    handlers[`/api/v1/getFilteredMusicData/${offset}/20`] = rawReply((url) =>
      page(filtered(url), url),
    );
  }
  const fetchMock = mockApi(handlers);
  const calls = (part: string) =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes(part));
  return { calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/musicas', () => {
  it('draws the first page the server wrote into it without asking, then pages on from it', async () => {
    const { calls } = setup(45, () => 0);
    renderRoute('/musicas', {
      queryClient: createQueryClient({ musicList: { count: 20, items: musicRange(1, 20) } }),
    });
    expect(await screen.findAllByTestId('music-card')).toHaveLength(20);
    expect(calls('getMusicData/')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(screen.getAllByTestId('music-card')).toHaveLength(40));
    expect(calls('getMusicData/')).toEqual([expect.stringContaining('getMusicData/20/20')]);
  });

  it('a first page of another size than its own is not taken: the list asks for its own', async () => {
    const { calls } = setup(45, () => 0);
    renderRoute('/musicas', {
      queryClient: createQueryClient({ musicList: { count: 10, items: musicRange(1, 10) } }),
    });
    expect(await screen.findAllByTestId('music-card')).toHaveLength(20);
    expect(calls('getMusicData/0/20')).toHaveLength(1);
  });

  it('MU-01: ?letra=true turns the lyrics filter on and asks for songs with lyrics', async () => {
    const { calls } = setup(50, () => 7);
    renderRoute('/musicas?letra=true');
    expect(await screen.findAllByTestId('music-card')).toHaveLength(7);
    expect(screen.getByLabelText('Com letra')).toBeChecked();
    expect(screen.getByLabelText('Com tradução')).not.toBeChecked();
    expect(calls('getFilteredMusicData/0/20')[0]).toContain('letra=true');
    expect(calls('getMusicData/')).toHaveLength(0);
  });

  it('plain list without filters, load more appends 20 and ends with the C22 text (MU-03)', async () => {
    const { calls } = setup(45, () => 0);
    renderRoute('/musicas');
    expect(await screen.findAllByTestId('music-card')).toHaveLength(20);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(screen.getAllByTestId('music-card')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(screen.getAllByTestId('music-card')).toHaveLength(45));
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    expect(await screen.findByText(MUSIC_NO_MORE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).not.toBeInTheDocument();
    expect(calls('getMusicData/60/20')).toHaveLength(1);
  });

  it('MU-02: the typed text applies 700 ms after the last keystroke, from offset 0', async () => {
    const { calls } = setup(50, (url) => (url.searchParams.get('busca') === 'amor' ? 3 : 0));
    const { router } = renderRoute('/musicas');
    await screen.findAllByTestId('music-card');
    // Only the page's own clock from here: real time must not count towards the pause.
    vi.useFakeTimers();
    const input = screen.getByLabelText('Buscar música ou artista');
    fireEvent.change(input, { target: { value: 'am' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    fireEvent.change(input, { target: { value: 'amor' } });
    await act(() => vi.advanceTimersByTimeAsync(MUSIC_SEARCH_PAUSE_MS - 1));
    expect(router.state.location.search).not.toContain('busca');
    expect(calls('getFilteredMusicData')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toContain('busca=amor');
    for (let step = 0; step < 20 && screen.queryAllByTestId('music-card').length !== 3; step += 1) {
      await act(() => vi.advanceTimersByTimeAsync(50));
    }
    expect(screen.getAllByTestId('music-card')).toHaveLength(3);
    const searches = calls('getFilteredMusicData');
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain('getFilteredMusicData/0/20');
    expect(searches[0]).toContain('busca=amor');
  });

  it('text typed before the page has drawn a ticked box keeps that box in the address', async () => {
    setup(50, () => 4);
    const { router } = renderRoute('/musicas');
    await screen.findAllByTestId('music-card');
    vi.useFakeTimers();
    // Both in one batch: the second handler runs before the page renders the first one's address.
    act(() => {
      fireEvent.click(screen.getByLabelText('Com letra'));
      fireEvent.change(screen.getByLabelText('Buscar música ou artista'), {
        target: { value: 'amor' },
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(MUSIC_SEARCH_PAUSE_MS));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('letra')).toBe('true');
    expect(search.get('busca')).toBe('amor');
    expect(screen.getByLabelText('Com letra')).toBeChecked();
  });

  it('MU-03: a filter with no results shows the empty panel with a contact link', async () => {
    setup(50, () => 0);
    renderRoute('/musicas?letra=true&traducao=true&video=true&busca=nada');
    expect(await screen.findByText(MUSIC_EMPTY_PANEL)).toBeInTheDocument();
    expect(screen.getByText(MUSIC_FIRST_EMPTY_STATUS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fale conosco' })).toHaveAttribute('href', '/contato');
  });

  it('changing a filter updates the address and starts again at 0', async () => {
    const { calls } = setup(50, () => 4);
    const { router } = renderRoute('/musicas');
    await screen.findAllByTestId('music-card');
    await userEvent.setup().click(screen.getByLabelText('Com vídeo'));
    await waitFor(() => expect(router.state.location.search).toContain('video=true'));
    await waitFor(() => expect(screen.getAllByTestId('music-card')).toHaveLength(4));
    expect(calls('getFilteredMusicData')[0]).toContain('getFilteredMusicData/0/20?');
  });
});
