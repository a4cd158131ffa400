import { describe, expect, it } from 'vitest';
import type { Journalist } from '@/generated/Journalist';
import { mockApi } from '@/test/api-mock';
import { renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { newsRange } from '@/features/news/testing/fixtures';
import { JOURNALIST_EMPTY_TEXT, JOURNALIST_END_TEXT } from './journalists';

const journalists: Journalist[] = [
  { id: 7, slug: 'ana', name: 'Ana Souza', description: 'Repórter', imageFile: '', isActive: true },
  { id: 8, slug: 'bia', name: 'Bia Lima', description: 'Editora', imageFile: '', isActive: true },
  {
    id: 9,
    slug: 'caio',
    name: 'Caio Antigo',
    description: 'Ex-repórter',
    imageFile: '',
    isActive: false,
  },
];

describe('/jornalistas', () => {
  it('JR-01: only the active journalists are listed', async () => {
    mockApi({ '/api/v1/getJournalistsData': journalists });
    renderRoute('/jornalistas');
    const cards = await screen.findAllByTestId('journalist-card', {}, { timeout: 5000 });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ana Souza',
      'Bia Lima',
    ]);
  });

  it('JR-02: 10 news, then 10 per request, then the end text', async () => {
    const fetchMock = mockApi({
      '/api/v1/getJournalistsData': journalists,
      '/api/v1/getJournalistNews/7/10/0': newsRange(1, 10),
      '/api/v1/getJournalistNews/7/10/10': newsRange(11, 5),
    });
    renderRoute('/jornalistas/ana');
    expect(await screen.findAllByTestId('news-card-grid', {}, { timeout: 5000 })).toHaveLength(10);
    expect(screen.queryByText(JOURNALIST_END_TEXT)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(screen.getAllByTestId('news-card-grid')).toHaveLength(15), {
      timeout: 5000,
    });
    expect(await screen.findByText(JOURNALIST_END_TEXT)).toBeInTheDocument();
    const paths = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.includes('getJournalistNews'));
    expect(paths).toEqual([
      '/api/v1/getJournalistNews/7/10/0',
      '/api/v1/getJournalistNews/7/10/10',
    ]);
  });

  it("JR-04: no news shows 'Não há notícias'; an inactive journalist still resolves (G46)", async () => {
    mockApi({ '/api/v1/getJournalistsData': journalists, '/api/v1/getJournalistNews/9/10/0': [] });
    renderRoute('/jornalistas/caio');
    expect(
      await screen.findByText(JOURNALIST_EMPTY_TEXT, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('journalist-description')).toHaveTextContent('Ex-repórter');
  });

  it('JR-04: an unknown slug is a not-found view linking back to /jornalistas', async () => {
    mockApi({ '/api/v1/getJournalistsData': journalists });
    renderRoute('/jornalistas/ninguem');
    const view = await screen.findByTestId('not-found-view');
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/jornalistas');
  });
});
