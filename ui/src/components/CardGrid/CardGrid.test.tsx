import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { LOAD_ERROR } from '@/lib/messages';
import { render, screen } from '@/test/render';
import { CARD_GRID_RETRY, CardGrid, type CardGridProps } from './CardGrid';

interface Item {
  id: string;
  name: string;
}

const ITEMS: Item[] = [
  { id: 'a', name: 'Primeiro' },
  { id: 'b', name: 'Segundo' },
];

function renderGrid(props: Partial<CardGridProps<Item>>) {
  return render(
    <CardGrid<Item>
      items={undefined}
      loading={false}
      error={false}
      empty={<p>Nada por aqui</p>}
      itemKey={(item) => item.id}
      renderItem={(item) => <article data-testid="item">{item.name}</article>}
      {...props}
    />,
  );
}

describe('CardGrid', () => {
  it('while loading shows placeholder cards, not the items nor the empty state', () => {
    renderGrid({ loading: true, skeletonCount: 4 });
    const loading = screen.getByRole('status', { name: 'Carregando' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading.children).toHaveLength(4);
    expect(screen.queryByTestId('item')).not.toBeInTheDocument();
    expect(screen.queryByText('Nada por aqui')).not.toBeInTheDocument();
  });

  it('on error shows the load error with a retry that calls back', async () => {
    const onRetry = vi.fn();
    renderGrid({ error: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent(LOAD_ERROR);
    await userEvent.click(screen.getByRole('button', { name: CARD_GRID_RETRY }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('item')).not.toBeInTheDocument();
  });

  it('on error without a retry shows only the text; a page may give its own text', () => {
    renderGrid({ error: true, errorText: 'Outro erro.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Outro erro.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('an empty list shows the empty state', () => {
    renderGrid({ items: [] });
    expect(screen.getByText('Nada por aqui')).toBeInTheDocument();
    expect(screen.queryByTestId('card-grid')).not.toBeInTheDocument();
  });

  it('a filled list shows one card per item, in order', () => {
    renderGrid({ items: ITEMS });
    const items = screen.getAllByTestId('item');
    expect(items.map((item) => item.textContent)).toEqual(['Primeiro', 'Segundo']);
    expect(screen.getByTestId('card-grid')).toContainElement(items[0] ?? null);
    expect(screen.queryByText('Nada por aqui')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
