import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_NEWS_REFRESH_MS, NEW_NEWS_BADGE_CLEAR_MS } from '@/lib/constants';
import { errorReply, mockApi, type ApiHandlers } from '@/test/api-mock';
import { act, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import {
  ALL_CATEGORIES_LABEL,
  LOAD_MORE_TEXT,
  NEWS_EMPTY_TEXT,
  NEWS_END_ALL_TEXT,
  NEWS_ERROR_TEXT,
  NEWS_NO_NEWS_FOUND_TEXT,
} from './messages';
import { makeNews, newsRange } from './testing/fixtures';

/** getNews pages of 12 for `total` items of a category ('' = all), ids from `first`. */
function listHandlers(category: string, total: number, first = 1): ApiHandlers {
  const handlers: ApiHandlers = {};
  const suffix = category ? `/${category}` : '';
  for (let offset = 0; offset <= total; offset += 12) {
    const count = Math.max(0, Math.min(12, total - offset));
    handlers[`/api/v1/news/getNews/${offset}/12/1/0${suffix}`] = newsRange(first + offset, count, {
      categorySlug: category || 'musica',
      categoryName: category === 'saude' ? 'Saúde' : 'Música',
    });
  }
  return handlers;
}

const cards = () => screen.queryAllByTestId('news-card-grid');

beforeEach(() => {
  mockApi({ ...listHandlers('', 60), ...listHandlers('saude', 30, 500) });
});

describe('news list', () => {
  it('NW-01: 12 cards, a category dropdown with all categories first, and Carregar Mais', async () => {
    renderRoute('/noticias');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const select = screen.getByRole('combobox', { name: 'Categoria' });
    const options = within(select).getAllByRole('option');
    expect(options[0]).toHaveTextContent(ALL_CATEGORIES_LABEL);
    expect(options).toHaveLength(15);
    expect(options[1]).toHaveTextContent('Carros');
    expect(screen.getByRole('button', { name: LOAD_MORE_TEXT })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notícias' })).toBeInTheDocument();
  });

  it('NW-02: two clicks show 36 cards; changing the category goes back to 12', async () => {
    const { router } = renderRoute('/noticias');
    const user = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    await waitFor(() => expect(cards()).toHaveLength(36));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'saude');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noticias/saude'));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(cards()[0]).toHaveAttribute('data-news-id', '500');

    // Back to all categories: 12 again, not the 36 seen before.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), '');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noticias'));
    await waitFor(() => expect(cards()).toHaveLength(12));
  });

  it('NW-03/NW-17: /noticias/musica lists only that category, asked with the category', async () => {
    const fetchMock = mockApi(listHandlers('musica', 8, 40));
    renderRoute('/noticias/musica');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.getByRole('heading', { level: 1, name: 'Música' })).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.endsWith('/api/v1/news/getNews/0/12/1/0/musica'))).toBe(true);
    expect(calls.some((url) => /getNews\/0\/12\/1\/0$/.test(url))).toBe(false);
    for (const card of cards()) {
      expect(within(card).getByText('Música')).toBeInTheDocument();
    }
  });

  it('NW-04: a category with no news shows the empty text with a link to /noticias', async () => {
    mockApi({ '/api/v1/news/getNews/0/12/1/0/moda': [] });
    renderRoute('/noticias/moda');
    expect(await screen.findByText(NEWS_EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas as notícias' })).toHaveAttribute(
      'href',
      '/noticias',
    );
  });

  it("NW-05: the end of a category shows 'Não há mais notícas sobre {category}.'", async () => {
    renderRoute('/noticias/saude');
    const user = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.getByTestId('news-end')).toHaveTextContent('Não há mais notícas sobre Saúde.');
    expect(screen.queryByRole('button', { name: LOAD_MORE_TEXT })).not.toBeInTheDocument();
  });

  it('C21: the end of all categories shows the other text', async () => {
    mockApi(listHandlers('', 5));
    renderRoute('/noticias');
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.getByTestId('news-end')).toHaveTextContent(NEWS_END_ALL_TEXT);
  });

  it("C21: the server's 'no news found' and a communication error", async () => {
    mockApi({ '/api/v1/news/getNews/0/12/1/0/viagem': errorReply(404, 'no news found') });
    const first = renderRoute('/noticias/viagem');
    expect(await screen.findByText(NEWS_NO_NEWS_FOUND_TEXT)).toBeInTheDocument();
    first.unmount();

    mockApi({ '/api/v1/news/getNews/0/12/1/0': errorReply(500, 'boom') });
    renderRoute('/noticias');
    expect(await screen.findByText(NEWS_ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('G33: checkForNewNews after 120 s puts new items on top with a badge cleared after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fresh = makeNews(999, { title: 'Notícia fresquinha', slug: 'fresquinha' });
    const fetchMock = mockApi({
      ...listHandlers('', 12),
      '/api/v1/news/checkForNewNews/1': { count: 1, items: [{ ...fresh, newNews: true }] },
    });
    renderRoute('/noticias');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const checks = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('checkForNewNews'));
    await act(() => vi.advanceTimersByTimeAsync(HOME_NEWS_REFRESH_MS - 1000));
    expect(checks()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(cards()).toHaveLength(13));
    expect(checks()).toHaveLength(1);
    expect(cards()[0]).toHaveAttribute('data-news-id', '999');
    const [top] = cards();
    expect(top && within(top).getByTestId('new-news-badge')).toHaveTextContent('Nova');
    await act(() => vi.advanceTimersByTimeAsync(NEW_NEWS_BADGE_CLEAR_MS));
    expect(screen.queryByTestId('new-news-badge')).not.toBeInTheDocument();
  });
});

describe('scroll_to_last', () => {
  it('restores the pages and the scroll position saved when a card was opened', async () => {
    const first = renderRoute('/noticias');
    const user = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 1800 });
    await user.click(screen.getAllByRole('link', { name: /Notícia número 20/ })[0] as HTMLElement);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/noticias/noticia-20'));
    first.unmount();
    vi.mocked(window.scrollTo).mockClear();

    renderRoute('/noticias?scroll_to_last=true');
    await waitFor(() => expect(cards()).toHaveLength(24));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 1800 }));

    // Without the parameter the list starts at 12.
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  });
});
