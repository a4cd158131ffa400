import { describe, expect, it } from 'vitest';
import type { TopItem } from '@/generated/TopItem';
import { mockApi } from '@/test/api-mock';
import { renderRoute, screen, userEvent, within } from '@/test/render';
import { truncate } from './top';

function item(position: number, overrides: Partial<TopItem> = {}): TopItem {
  return {
    position,
    musicId: position,
    musicName: `Uma canção bem comprida número ${position}`,
    musicSlug: `cancao-${position}`,
    musicTrack: '',
    artistName: 'Orquestra Sinfônica de Nome Realmente Muito Comprido Mesmo',
    artistSlug: 'orquestra',
    albumName: 'Álbum',
    albumCover: '/media/img/album/a.svg',
    albumCoverSmall: '/media/img/album-small/a.svg',
    year: 2001,
    ...overrides,
  };
}
const list = (count: number) => Array.from({ length: count }, (_, i) => item(i + 1));

const categories = [
  { id: 1, categorySlug: 'onda', categoryName: 'Onda', description: 'As mais pedidas' },
  { id: 2, categorySlug: 'pop', categoryName: 'Pop', description: 'Pop' },
];

describe('truncate', () => {
  it('cuts at the limit with an ellipsis and leaves short texts alone', () => {
    expect(truncate('abcdefghijklmnopq', 15)).toBe('abcdefghijklmno...');
    expect(truncate('curto', 15)).toBe('curto');
    expect(truncate('123456789012345', 15)).toBe('123456789012345');
  });
});

describe('/as-10-mais', () => {
  it('TP-01: the default (station) category shows 10 items cut at 15 characters', async () => {
    const fetchMock = mockApi({
      '/api/v1/getTop10Categories': categories,
      '/api/v1/getTop10/1': list(10),
    });
    renderRoute('/as-10-mais');
    const items = await screen.findAllByTestId('top10-item', {}, { timeout: 5000 });
    expect(items).toHaveLength(10);
    const [first = document.body] = items;
    expect(within(first).getByTestId('top10-title')).toHaveTextContent('1. Uma canção bem...');
    expect(within(first).getByTestId('top10-artist')).toHaveTextContent('Orquestra Sinfô...');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/getTop10/1'))).toBe(true);
  });

  it('TP-02: the slug and the numeric id show the same list', async () => {
    mockApi({ '/api/v1/getTop10Categories': categories, '/api/v1/getTop10/2': list(10) });
    const first = renderRoute('/as-10-mais/pop');
    const bySlug = (await screen.findAllByTestId('top10-item', {}, { timeout: 5000 })).map(
      (el) => el.textContent,
    );
    first.unmount();
    renderRoute('/as-10-mais/2');
    const byId = (await screen.findAllByTestId('top10-item', {}, { timeout: 5000 })).map(
      (el) => el.textContent,
    );
    expect(byId).toEqual(bySlug);
  });

  it('TP-03: an unknown category is a not-found view linking back', async () => {
    mockApi({ '/api/v1/getTop10Categories': categories });
    renderRoute('/as-10-mais/nao-existe');
    const view = await screen.findByTestId('not-found-view');
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/as-10-mais');
  });
});

describe('/as-100-mais', () => {
  const years = [2024, 2010, 1998].map((ano) => ({ tx_ano: String(ano), ano }));

  it('TP-04: 2010 selected, 100 items with artists cut at 40, share balloon', async () => {
    mockApi({ '/api/v1/getTop100Years': years, '/api/v1/getTop100/2010': list(100) });
    renderRoute('/as-100-mais/2010');
    const items = await screen.findAllByTestId('top100-item', {}, { timeout: 5000 });
    expect(items).toHaveLength(100);
    const [first = document.body] = items;
    expect(screen.getByLabelText('Ano')).toHaveValue('2010');
    expect(within(first).getByTestId('top100-artist')).toHaveTextContent(
      'Orquestra Sinfônica de Nome Realmente Mu...',
    );
    await userEvent.setup().click(within(first).getByRole('button', { name: /Compartilhar/ }));
    const balloon = await screen.findByTestId('share-balloon');
    const names = within(balloon)
      .getAllByRole('link')
      .map((link) => link.getAttribute('data-share'));
    expect(names).toEqual(['facebook', 'twitter', 'whatsapp']);
  });

  it('G44: without a year the latest year with data opens', async () => {
    mockApi({ '/api/v1/getTop100Years': years, '/api/v1/getTop100/2024': list(100) });
    renderRoute('/as-100-mais');
    expect(await screen.findAllByTestId('top100-item', {}, { timeout: 5000 })).toHaveLength(100);
    expect(screen.getByLabelText('Ano')).toHaveValue('2024');
  });

  it('TP-05: a year without music is a not-found view', async () => {
    mockApi({ '/api/v1/getTop100Years': years });
    renderRoute('/as-100-mais/1900');
    const view = await screen.findByTestId('not-found-view');
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/as-100-mais');
  });
});
