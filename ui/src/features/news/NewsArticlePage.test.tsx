import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '@/generated/NewsItem';
import { clearTrackedEvents, trackedEvents } from '@/lib/analytics';
import {
  PRO_BENEFITS_PATH,
  RELATED_FETCH_MIN_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
  SIDE_BLOCK_SCROLL,
} from '@/lib/constants';
import { resetSession, setSession } from '@/lib/session';
import { createQueryClient } from '@/app/query-client';
import { errorReply, mockApi, rawReply, TEST_STATION, type ApiHandlers } from '@/test/api-mock';
import { act, render, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import {
  MOST_READ_TITLE,
  NEWS_NOT_FOUND_TEXT,
  PRO_CTA_TEXT,
  PRO_NEWS_CTA_EVENT,
  PRO_ONLY_TEXT,
} from './messages';
import { NewsArticlePage } from './NewsArticlePage';
import { MOST_READ, makeNews, newsRange } from './testing/fixtures';
import { pendingNewsViews, resetNewsTracking } from './api/tracking';

const ITEM = makeNews(1, {
  slug: 'show-de-mpb',
  title: 'Grande show de MPB no parque',
  subtitle: 'Entrada gratuita no domingo',
  author: 'Ana Lima',
  updateDate: '2026-11-23T15:00:00-03:00',
  content: '<p>Primeiro parágrafo do <strong>texto</strong>.</p><h2>Programação</h2>',
  fullContent: '<p>Primeiro parágrafo do <strong>texto</strong>.</p><h2>Programação</h2>',
});
const RELATED_PATH = '/api/v1/news/getRelatedNews/10/mpb_shows';
const SINGLE = '/api/v1/news/getSingleNews/show-de-mpb';

function setViewport({ width = 1280, scrollY = 0, height = 6000 } = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: scrollY });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function setup(handlers: ApiHandlers = {}, item: NewsItem = ITEM) {
  const fetchMock = mockApi({
    [SINGLE]: item,
    [RELATED_PATH]: newsRange(10, 8),
    '/api/v1/news/getNewsMostRead/4': MOST_READ,
    '/api/v1/tracking/newsHit': null,
    '/api/v1/tracking/newsViewsHit': { counted: 1 },
    ...handlers,
  });
  const calls = (part: string) =>
    fetchMock.mock.calls.filter(([input]) => String(input).includes(part));
  const view = render(<NewsArticlePage slug={item.slug} />, { route: `/noticias/${item.slug}` });
  return { fetchMock, calls, ...view };
}

beforeEach(() => {
  resetSession();
  resetNewsTracking();
  clearTrackedEvents();
  setViewport();
});

afterEach(() => {
  resetSession();
  resetNewsTracking();
  setViewport({ width: 1024, height: 0 });
});

describe('single news', () => {
  it('draws the item the server wrote into its page, cover included, without asking', async () => {
    const fetchMock = mockApi({ [RELATED_PATH]: newsRange(10, 8) });
    renderRoute(`/noticias/${ITEM.slug}`, { queryClient: createQueryClient({ newsItem: ITEM }) });
    expect(await screen.findByTestId('news-cover')).toHaveAttribute('src', ITEM.imageNew);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ITEM.title);
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('getSingleNews'))).toEqual([]);
  });

  it('NW-07: title, subtitle, author, dates, cover, content, journalist, share buttons and tags', async () => {
    setup();
    const article = await screen.findByTestId('news-article');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ITEM.title);
    expect(screen.getByTestId('news-subtitle')).toHaveTextContent('Entrada gratuita no domingo');
    expect(screen.getByTestId('news-author')).toHaveTextContent('Por Ana Lima');
    expect(screen.getByTestId('news-date')).toHaveTextContent('23/11/2026 às 08h00');
    expect(screen.getByTestId('news-updated')).toHaveTextContent(
      'Atualizado em 23/11/2026 às 15h00',
    );
    expect(screen.getByTestId('news-cover')).toHaveAttribute('src', ITEM.imageNew);
    const content = screen.getByTestId('news-content');
    expect(within(content).getByText('texto').tagName).toBe('STRONG');
    expect(within(content).getByRole('heading', { name: 'Programação' })).toBeInTheDocument();
    // Below the article, in a part of its own drawn after it.
    const journalist = await screen.findByTestId('journalist-block');
    expect(within(journalist).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(journalist).getByRole('link')).toHaveAttribute('href', '/jornalistas/ana-lima');
    const share = screen.getByTestId('share-buttons');
    const networks = within(share)
      .getAllByRole('link')
      .map((link) => link.getAttribute('data-network'));
    expect(networks).toEqual(['facebook', 'twitter', 'whatsapp', 'linkedin']);
    for (const link of within(share).getAllByRole('link')) {
      expect(link.getAttribute('href')).toContain(encodeURIComponent(window.location.href));
    }
    const tags = within(screen.getByTestId('news-tags')).getAllByRole('link');
    expect(tags.map((tag) => tag.getAttribute('href'))).toEqual([
      '/noticias/tags/mpb',
      '/noticias/tags/shows',
    ]);
    expect(article).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe(`Grande show de MPB no parque | ${TEST_STATION.name}`),
    );
  });

  it('NW-08: at 1280 px the most-read block appears after 771 px of scroll', async () => {
    setup();
    await screen.findByTestId('news-article');
    expect(screen.queryByTestId('most-read-side')).not.toBeInTheDocument();
    act(() => scrollTo(SIDE_BLOCK_SCROLL));
    expect(screen.queryByTestId('most-read-side')).not.toBeInTheDocument();
    act(() => scrollTo(SIDE_BLOCK_SCROLL + 1));
    const side = await screen.findByTestId('most-read-side');
    expect(within(side).getByRole('heading', { name: MOST_READ_TITLE })).toBeInTheDocument();
    expect(await within(side).findAllByRole('link')).toHaveLength(4);
    act(() => scrollTo(100));
    expect(screen.queryByTestId('most-read-side')).not.toBeInTheDocument();
  });

  it('NW-08: at 991 px it never appears', async () => {
    setViewport({ width: 991 });
    const { calls } = setup();
    await screen.findByTestId('news-article');
    act(() => scrollTo(3000));
    await act(() => new Promise((resolve) => setTimeout(resolve, RESIZE_DEBOUNCE_MS)));
    expect(screen.queryByTestId('most-read-side')).not.toBeInTheDocument();
    expect(calls('getNewsMostRead')).toHaveLength(0);
  });

  it('NW-09: related news are fetched once, near the end and not before 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    await screen.findByTestId('news-article');
    // Near the end at once: nothing before 2 s.
    act(() => scrollTo(5000));
    await act(() => vi.advanceTimersByTimeAsync(RELATED_FETCH_MIN_DELAY_MS - 100));
    expect(calls('getRelatedNews')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(calls('getRelatedNews')).toHaveLength(1));
    expect(String(calls('getRelatedNews')[0]?.[0])).toContain('exclude=show-de-mpb');
    const block = await screen.findByTestId('related-news');
    expect(within(block).getAllByTestId('news-card-grid')).toHaveLength(8);
    act(() => scrollTo(4000));
    act(() => scrollTo(5200));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls('getRelatedNews')).toHaveLength(1);
  });

  it('NW-09: far from the end at 2 s, the call waits for the scroll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    await screen.findByTestId('news-article');
    await act(() => vi.advanceTimersByTimeAsync(RELATED_FETCH_MIN_DELAY_MS + 1000));
    act(() => scrollTo(4600)); // 600 px from the end
    expect(calls('getRelatedNews')).toHaveLength(0);
    act(() => scrollTo(4700)); // 500 px
    await waitFor(() => expect(calls('getRelatedNews')).toHaveLength(1));
  });

  it('C20: fewer than 6 related items → the latest 6; the block needs 3 or more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup({
      [RELATED_PATH]: newsRange(10, 2),
      '/api/v1/news/getNews/0/7/1/0': [ITEM, ...newsRange(20, 6)],
    });
    await screen.findByTestId('news-article');
    act(() => scrollTo(5000));
    await act(() => vi.advanceTimersByTimeAsync(RELATED_FETCH_MIN_DELAY_MS));
    const block = await screen.findByTestId('related-news');
    const ids = within(block)
      .getAllByTestId('news-card-grid')
      .map((card) => card.getAttribute('data-news-id'));
    expect(ids).toEqual(['20', '21', '22', '23', '24', '25']);
    expect(calls('getRelatedNews')).toHaveLength(1);
  });

  it('C20: with only 2 items in all, no related block', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup({
      [RELATED_PATH]: newsRange(10, 2),
      '/api/v1/news/getNews/0/7/1/0': [ITEM, ...newsRange(10, 2)],
    });
    await screen.findByTestId('news-article');
    act(() => scrollTo(5000));
    await act(() => vi.advanceTimersByTimeAsync(RELATED_FETCH_MIN_DELAY_MS));
    await waitFor(() => expect(calls('getNews/0/7')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByTestId('related-news')).not.toBeInTheDocument();
  });

  it('NW-10: an unknown slug shows the not-found view with a back link', async () => {
    mockApi({ '/api/v1/news/getSingleNews/nao-existe': errorReply(404, 'news not found') });
    render(<NewsArticlePage slug="nao-existe" />);
    const view = await screen.findByTestId('not-found-view');
    expect(view).toHaveTextContent(NEWS_NOT_FOUND_TEXT);
    expect(within(view).getByRole('link', { name: 'Voltar para as notícias' })).toHaveAttribute(
      'href',
      '/noticias',
    );
  });

  it('TR-04 / G64: opening the page sends newsHit {slug} once and records a view', async () => {
    const hits: unknown[] = [];
    setup({
      '/api/v1/tracking/newsHit': rawReply((_url, init) => {
        hits.push(JSON.parse(String(init?.body)));
        return new Response('{"status":500,"message":"down","data":null}', { status: 500 });
      }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await screen.findByTestId('news-article');
    await waitFor(() => expect(hits).toEqual([{ slug: 'show-de-mpb' }]));
    expect(pendingNewsViews().map((view) => view.newsId)).toEqual([1]);
    // The failure shows nothing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('PRO news (C34, S04)', () => {
  const PRO = makeNews(2, {
    slug: 'guia-pro',
    title: 'Guia PRO do verão',
    pro: true,
    teaser: '<p>O começo do guia.</p>',
  });
  const FULL = { ...PRO, content: '<p>O guia inteiro, só para PRO.</p>' };

  it('NW-12: anonymous readers get the teaser, the notice and the tracked link', async () => {
    const { calls } = setup({ '/api/v1/news/getSingleNews/guia-pro': PRO }, PRO);
    expect(await screen.findByText(PRO_ONLY_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('news-teaser')).toHaveTextContent('O começo do guia.');
    expect(screen.queryByTestId('news-content')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: PRO_CTA_TEXT });
    expect(link).toHaveAttribute('href', PRO_BENEFITS_PATH);
    await userEvent.setup().click(link);
    expect(
      trackedEvents().some(
        (event) => event.action === PRO_NEWS_CTA_EVENT && event.label === 'guia-pro',
      ),
    ).toBe(true);
    expect(calls('getSingleProNews')).toHaveLength(0);
  });

  it('NW-12: a non-PRO user gets the teaser too', async () => {
    setSession({ user: { userId: 3, name: 'Bia', email: 'b@x.com', isPro: false }, token: 't' });
    const { calls } = setup({ '/api/v1/news/getSingleNews/guia-pro': PRO }, PRO);
    expect(await screen.findByText(PRO_ONLY_TEXT)).toBeInTheDocument();
    expect(calls('getSingleProNews')).toHaveLength(0);
  });

  it('NW-12: a PRO user gets the full content through getSingleProNews with the bearer token', async () => {
    setSession({
      user: { userId: 4, name: 'Caio', email: 'c@x.com', isPro: true },
      token: 'pro-token',
    });
    let auth: string | null = null;
    setup(
      {
        '/api/v1/news/getSingleNews/guia-pro': PRO,
        '/api/v1/news/getSingleProNews/guia-pro': rawReply((_url, init) => {
          auth = new Headers(init?.headers).get('Authorization');
          return new Response(
            JSON.stringify({ status: 'success', message: 'success', data: FULL }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            },
          );
        }),
      },
      PRO,
    );
    expect(await screen.findByText('O guia inteiro, só para PRO.')).toBeInTheDocument();
    expect(auth).toBe('Bearer pro-token');
    expect(screen.queryByText(PRO_ONLY_TEXT)).not.toBeInTheDocument();
  });
});

describe('routing (C09)', () => {
  it('NW-17: /noticias/{news-slug} opens the single news page', async () => {
    mockApi({ [SINGLE]: ITEM, '/api/v1/tracking/newsHit': null });
    renderRoute('/noticias/show-de-mpb');
    expect(await screen.findByTestId('news-article')).toBeInTheDocument();
  });
});
