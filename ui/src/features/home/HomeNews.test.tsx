import { describe, expect, it, vi } from 'vitest';
import { MOST_READ, makeHomeNews, makeNews, newsRange } from '@/features/news/testing/fixtures';
import { HOME_NEWS_REFRESH_MS, NEW_NEWS_BADGE_CLEAR_MS } from '@/lib/constants';
import { errorReply, mockApi } from '@/test/api-mock';
import { act, render, screen, waitFor, within } from '@/test/render';
import { arrangeHomeNews } from './home-news';
import { HomeHeadlines } from './HomeNews';
import { HomeMostRead, HomeMundo } from './HomeNewsLower';

const HOME = '/api/v1/news/getHomeNews';
const NO_NEWS = 'Nenhuma notícia disponível no momento.';

function Home() {
  return (
    <>
      <HomeHeadlines />
      <HomeMostRead />
      <HomeMundo />
    </>
  );
}

const ids = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('[data-news-id]')).map((node) =>
    Number(node.getAttribute('data-news-id')),
  );

describe('home news (NW-18)', () => {
  it('1 featured, 6 secondary, a side column, at most 5 Reuters items, Mundo and most read, no duplicates', async () => {
    const home = makeHomeNews({
      // The server never repeats items, but the page holds even if it did.
      reuters: [
        ...newsRange(100, 6, { source: 'reuters', author: 'Reuters' }),
        makeNews(3, { source: 'reuters' }),
      ],
      mundo: [makeNews(200), makeNews(2), makeNews(201)],
    });
    mockApi({ [HOME]: home, '/api/v1/news/getNewsMostRead/4': MOST_READ });
    render(<Home />);
    await screen.findByTestId('home-featured');
    // The blocks below the headlines draw their news a moment later (lib/drawn-later).
    await screen.findByTestId('home-mundo');
    expect(ids('home-featured')).toEqual([1]);
    expect(ids('home-secondary')).toEqual([2, 3, 4, 5, 6, 7]);
    expect(ids('home-side')).toEqual([8, 9, 10, 11, 12]);
    expect(ids('home-reuters')).toEqual([100, 101, 102, 103, 104]);
    expect(ids('home-mundo')).toEqual([200, 201]);
    const all = [
      ...ids('home-featured'),
      ...ids('home-secondary'),
      ...ids('home-side'),
      ...ids('home-reuters'),
      ...ids('home-mundo'),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(screen.getByRole('heading', { name: 'Mundo' })).toBeInTheDocument();
    const mostRead = await screen.findByTestId('home-most-read');
    expect(within(mostRead).getAllByRole('link')).toHaveLength(4);
    expect(within(mostRead).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/noticias/mais-lida-1',
    );
    // The home cards use the shorter home title.
    expect(within(screen.getByTestId('home-featured')).getByText('Notícia 1')).toBeInTheDocument();
  });

  it("shows 'Nenhuma notícia disponível no momento.' when the home news are empty", async () => {
    mockApi({
      [HOME]: { featured: null, secondary: [], side: [], reuters: [], mundo: [] },
      '/api/v1/news/getNewsMostRead/4': [],
    });
    render(<Home />);
    expect(await screen.findByTestId('home-news-empty')).toHaveTextContent(NO_NEWS);
    expect(screen.queryByTestId('home-featured')).not.toBeInTheDocument();
  });

  it('a communication error shows the error text', async () => {
    mockApi({ [HOME]: errorReply(500, 'boom') });
    render(<HomeHeadlines />);
    expect(
      await screen.findByText('Erro na comunicação com servidor. Tente de novo mais tarde.'),
    ).toBeInTheDocument();
  });

  it('G33: after 120 s checkForNewNews finds new items; the home news reload and the new one is badged for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const before = makeHomeNews();
    const fresh = makeNews(0, { title: 'Urgente', titleHome: 'Urgente' });
    let reply = before;
    const fetchMock = mockApi({
      [HOME]: { toJSON: () => reply },
      '/api/v1/news/checkForNewNews/1': { count: 1, items: [{ ...fresh, newNews: true }] },
    });
    render(<HomeHeadlines />);
    await screen.findByTestId('home-featured');
    reply = makeHomeNews({
      featured: fresh,
      secondary: newsRange(1, 6),
      side: newsRange(7, 5),
    });
    await act(() => vi.advanceTimersByTimeAsync(HOME_NEWS_REFRESH_MS));
    await waitFor(() => expect(ids('home-featured')).toEqual([0]));
    const checks = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith('/news/checkForNewNews/1'),
    );
    expect(checks).toHaveLength(1);
    expect(within(screen.getByTestId('home-featured')).getByTestId('new-news-badge')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(NEW_NEWS_BADGE_CLEAR_MS));
    expect(screen.queryByTestId('new-news-badge')).not.toBeInTheDocument();
  });

  it('arrangeHomeNews keeps each item once with featured > secondary > side > Reuters > Mundo', () => {
    const arranged = arrangeHomeNews(
      makeHomeNews({ side: [makeNews(1), makeNews(50)], mundo: [makeNews(50), makeNews(60)] }),
    );
    expect(arranged.side.map((item) => item.id)).toEqual([50]);
    expect(arranged.mundo.map((item) => item.id)).toEqual([60]);
  });
});
