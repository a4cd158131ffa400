import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagNews } from '@/generated/TagNews';
import { TAG_SCROLL_DEBOUNCE_MS } from '@/lib/constants';
import { errorReply, mockApi, rawReply, TEST_STATION, type ApiHandlers } from '@/test/api-mock';
import { act, renderRoute, screen, waitFor, within } from '@/test/render';
import { END_MARKER } from './messages';
import { newsRange } from './testing/fixtures';

const TAGS = [
  { n: 'MPB', u: 'mpb' },
  { n: 'Samba', u: 'samba' },
  { n: 'Carros elétricos', u: 'carros-eletricos' },
];

function tagReply(offset: number, count: number, total: number): TagNews {
  return {
    tagMeta: { title: 'Notícias sobre MPB e a música popular brasileira', n: 'MPB', u: 'mpb' },
    newsArray: newsRange(offset + 1, Math.max(0, Math.min(count, total - offset))),
  };
}

/** Pages 12, then 16 at a time, of `total` news with the tag mpb. */
function tagHandlers(total: number): ApiHandlers {
  const handlers: ApiHandlers = {
    '/api/v1/news/getDataNewsByTag/0/12/mpb': tagReply(0, 12, total),
  };
  for (let offset = 12; offset <= total; offset += 16) {
    handlers[`/api/v1/news/getDataNewsByTag/${offset}/16/mpb`] = tagReply(offset, 16, total);
  }
  return handlers;
}

function setScroll(scrollY: number, height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: scrollY });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
}

const cards = () => screen.queryAllByTestId('news-card-grid');

beforeEach(() => {
  setScroll(0, 0);
});

describe('tags list', () => {
  it('NW-13/NW-17: /noticias/tags lists every tag linking to /noticias/tags/{u}', async () => {
    mockApi({ '/api/v1/news/getTags': TAGS });
    renderRoute('/noticias/tags');
    const list = await screen.findByTestId('tag-list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#MPB', '/noticias/tags/mpb'],
      ['#Samba', '/noticias/tags/samba'],
      ['#Carros elétricos', '/noticias/tags/carros-eletricos'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
  });
});

describe('tag page', () => {
  it('NW-14: 12 first, 16 more within 1000 px of the bottom (debounced 100 ms), then the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ ...tagHandlers(40), '/api/v1/tracking/tagHit': null });
    const pageCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('getDataNewsByTag'));
    renderRoute('/noticias/tags/mpb');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(pageCalls()).toHaveLength(1);

    // Far from the bottom: nothing.
    setScroll(1000, 5000);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => vi.advanceTimersByTimeAsync(TAG_SCROLL_DEBOUNCE_MS * 2));
    expect(pageCalls()).toHaveLength(1);

    // Within 1000 px: one call 100 ms after the last scroll event. (Halfway, not 10 ms short: the
    // fake clock also follows real time here, and a busy machine spends more than 10 ms between
    // two lines.)
    setScroll(3300, 5000);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => vi.advanceTimersByTimeAsync(TAG_SCROLL_DEBOUNCE_MS / 2));
    expect(pageCalls()).toHaveLength(1);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => vi.advanceTimersByTimeAsync(TAG_SCROLL_DEBOUNCE_MS));
    await waitFor(() => expect(cards()).toHaveLength(28));
    expect(String(pageCalls()[1]?.[0])).toContain('/getDataNewsByTag/12/16/mpb');

    setScroll(4000, 5000);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => vi.advanceTimersByTimeAsync(TAG_SCROLL_DEBOUNCE_MS));
    await waitFor(() => expect(cards()).toHaveLength(40));
    expect(screen.getByTestId('news-end')).toHaveTextContent(END_MARKER);

    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => vi.advanceTimersByTimeAsync(TAG_SCROLL_DEBOUNCE_MS * 2));
    expect(pageCalls()).toHaveLength(3);
  });

  it('the title is the tag title cut at 32 characters', async () => {
    mockApi({ ...tagHandlers(3), '/api/v1/tracking/tagHit': null });
    renderRoute('/noticias/tags/mpb');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() =>
      expect(document.title).toBe(
        `${'Notícias sobre MPB e a música popular brasileira'.slice(0, 32).trimEnd()} | ${TEST_STATION.name}`,
      ),
    );
  });

  it("NW-15: an unknown tag shows 'Não há notícias sobre {tag}.'", async () => {
    mockApi({
      '/api/v1/news/getDataNewsByTag/0/12/desconhecida': errorReply(404, 'tag not found'),
      '/api/v1/tracking/tagHit': errorReply(404, 'tag not found'),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute('/noticias/tags/desconhecida');
    expect(await screen.findByText('Não há notícias sobre desconhecida.')).toBeInTheDocument();
    warn.mockRestore();
  });

  it("NW-15: a tag without news ('no news found') shows the same text with the tag name", async () => {
    mockApi({
      '/api/v1/news/getDataNewsByTag/0/12/mpb': tagReply(0, 12, 0),
      '/api/v1/tracking/tagHit': null,
    });
    renderRoute('/noticias/tags/mpb');
    expect(await screen.findByText('Não há notícias sobre MPB.')).toBeInTheDocument();
  });

  it('TR-04: opening the tag page posts tagHit {tag} once; a failure shows nothing', async () => {
    const hits: unknown[] = [];
    mockApi({
      ...tagHandlers(3),
      '/api/v1/tracking/tagHit': rawReply((_url, init) => {
        hits.push(JSON.parse(String(init?.body)));
        return new Response('{"status":500,"message":"down","data":null}', { status: 500 });
      }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute('/noticias/tags/mpb');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(hits).toEqual([{ tag: 'mpb' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
