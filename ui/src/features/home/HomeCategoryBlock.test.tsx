import { afterEach, describe, expect, it } from 'vitest';
import { newsRange } from '@/features/news/testing/fixtures';
import { mockApi } from '@/test/api-mock';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { HomeCategoryBlock } from './HomeCategoryBlock';

const cards = () =>
  within(screen.getByTestId('home-category-block')).getAllByTestId('news-card-grid');

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

afterEach(() => setWidth(1024));

describe('home category block (C19, C21)', () => {
  it('13 at first on desktop, 9 more per Carregar Mais, then the end text', async () => {
    setWidth(1280);
    mockApi({
      '/api/v1/news/getNews/0/13/1/0/musica': newsRange(1, 13),
      '/api/v1/news/getNews/13/9/1/0/musica': newsRange(14, 9),
      '/api/v1/news/getNews/22/9/1/0/musica': newsRange(23, 4),
      '/api/v1/news/getNews/0/13/1/0/economia': newsRange(50, 2),
    });
    render(<HomeCategoryBlock />);
    await waitFor(() => expect(cards()).toHaveLength(13));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(cards()).toHaveLength(22));
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    await waitFor(() => expect(cards()).toHaveLength(26));
    expect(screen.getByTestId('home-category-end')).toHaveTextContent(
      'Não há mais noticias nessa categoria',
    );
    await user.click(screen.getByRole('radio', { name: 'Economia' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('6 at first on mobile', async () => {
    setWidth(375);
    mockApi({ '/api/v1/news/getNews/0/6/1/0/musica': newsRange(1, 6) });
    render(<HomeCategoryBlock />);
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Carregar Mais' })).toBeInTheDocument();
  });
});
