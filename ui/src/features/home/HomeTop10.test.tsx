import { describe, expect, it } from 'vitest';
import type { TopItem } from '@/generated/TopItem';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, screen, waitFor, within } from '@/test/render';
import { HomeTop10 } from './HomeTop10';

function item(position: number): TopItem {
  return {
    position,
    musicId: position,
    musicName: `Uma canção bem comprida número ${position}`,
    musicSlug: `cancao-${position}`,
    musicTrack: '',
    artistName: 'Orquestra Sinfônica',
    artistSlug: 'orquestra',
    albumName: 'Álbum',
    albumCover: `/media/img/album/${position}.svg`,
    albumCoverSmall: `/media/img/album-small/${position}.svg`,
    year: 2001,
  };
}

const CATEGORIES = [
  { id: 7, categorySlug: 'onda', categoryName: 'Onda', description: 'As mais pedidas' },
  { id: 2, categorySlug: 'pop', categoryName: 'Pop', description: 'Pop' },
];
const TOP = Array.from({ length: 10 }, (_, index) => item(index + 1));

describe("home 'As 10 mais'", () => {
  it("shows the station's list, the default of /as-10-mais, linking to each song", async () => {
    const fetchMock = mockApi({
      '/api/v1/getTop10Categories': CATEGORIES,
      '/api/v1/getTop10/7': TOP,
    });
    render(<HomeTop10 />);
    expect(screen.getByRole('heading', { name: 'As 10 mais' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('home-top10-item');
    expect(items).toHaveLength(10);
    const [first = document.body] = items;
    expect(first).toHaveAttribute('href', '/musicas/cancao-1+orquestra');
    // The whole names, wrapped where the row is narrow, and named by what it shows (WCAG 2.5.3).
    expect(first).toHaveAccessibleName('1. Uma canção bem comprida número 1 – Orquestra Sinfônica');
    expect(within(first).getByText('Uma canção bem comprida número 1')).toBeInTheDocument();
    expect(within(first).getByText('Orquestra Sinfônica')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/img/album-small/1.svg');
    expect(screen.getByRole('link', { name: /Ver ranking/ })).toHaveAttribute(
      'href',
      '/as-10-mais',
    );
    expect(screen.queryByText('Ranking em breve')).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.endsWith('/getTop10/7'))).toBe(true);
  });

  it('holds ten skeleton rows while loading', () => {
    mockApi({ '/api/v1/getTop10Categories': CATEGORIES, '/api/v1/getTop10/7': TOP });
    render(<HomeTop10 />);
    const loading = screen.getByRole('list', { name: 'Carregando ranking' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByRole('listitem')).toHaveLength(10);
  });

  it('an empty list, or no list at all, is the empty state', async () => {
    mockApi({ '/api/v1/getTop10Categories': CATEGORIES, '/api/v1/getTop10/7': [] });
    const { unmount } = render(<HomeTop10 />);
    expect(await screen.findByText('Ranking em breve')).toBeInTheDocument();
    unmount();

    mockApi({ '/api/v1/getTop10Categories': [] });
    render(<HomeTop10 />);
    expect(await screen.findByText('Ranking em breve')).toBeInTheDocument();
    expect(screen.queryByTestId('home-top10-item')).not.toBeInTheDocument();
  });

  it('a failure says the ranking could not be loaded', async () => {
    mockApi({
      '/api/v1/getTop10Categories': CATEGORIES,
      '/api/v1/getTop10/7': errorReply(500, 'internal error'),
    });
    render(<HomeTop10 />);
    expect(await screen.findByText('Não foi possível carregar o ranking.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Carregando ranking' })).not.toBeInTheDocument(),
    );
  });
});
