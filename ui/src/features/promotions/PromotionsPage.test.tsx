import { afterEach, describe, expect, it } from 'vitest';
import type { Promotion } from '@/generated/Promotion';
import { mockApi, type ApiHandlers } from '@/test/api-mock';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { PromotionsPage } from './PromotionsPage';
import { CLOSED_TITLE, NO_PROMOTIONS_TEXT } from './promotions';
import { closedPromotions, makePromotion } from './testing/fixtures';

const PUBLISHED = '/api/v1/promotions/getAllPublishedPromotions';
const closedPath = (count: number, offset: number) =>
  `/api/v1/promotions/getClosedPromotions/${count}/${offset}`;

const OPEN: Promotion[] = [
  makePromotion(1, { tx_promocao: 'Viagem dos sonhos para Roma', pro: false }),
  makePromotion(2, { tx_promocao: 'Show exclusivo PRO', pro: true }),
  makePromotion(3, { tx_promocao: 'Kit da rádio' }),
];

/** As the breakpoints test does: the width the first render reads. */
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function setup(width: number, handlers: ApiHandlers) {
  setWidth(width);
  const fetchMock = mockApi(handlers);
  const paths = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  render(<PromotionsPage />, { route: '/promocoes' });
  return { paths };
}

async function cards() {
  const grid = await screen.findByTestId('closed-grid');
  return within(grid).getAllByRole('article');
}

function pageButtons() {
  const nav = screen.getByRole('navigation', { name: 'Páginas das promoções encerradas' });
  return within(nav)
    .getAllByRole('button', { name: /^Página \d+$/ })
    .map((button) => button.textContent);
}

/** The pager as a visitor reads it, from left to right. */
function navItems() {
  const nav = screen.getByRole('navigation', { name: 'Páginas das promoções encerradas' });
  return (nav.textContent ?? '')
    .replace(/…/g, ' … ')
    .split(/\s+|(?<=\d)(?=\d)|(?<=\D)(?=\d)|(?<=\d)(?=\D)/)
    .filter(Boolean);
}

afterEach(() => setWidth(1024));

describe('/promocoes (PR-01)', () => {
  it('at 1280 px: the featured slider and the closed grid with 8 per page, fetched 40 at a time', async () => {
    const { paths } = setup(1280, {
      [PUBLISHED]: OPEN,
      [closedPath(40, 0)]: closedPromotions(12),
    });

    const slider = await screen.findByRole('region', { name: 'Promoções em destaque' });
    expect(within(slider).getAllByTestId('featured-slide')).toHaveLength(3);
    expect(
      within(slider).getByRole('heading', { name: 'Viagem dos sonhos para Roma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: CLOSED_TITLE, level: 2 })).toBeInTheDocument();

    const shown = await cards();
    expect(shown).toHaveLength(8);
    expect(within(shown[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/promocoes/promocao-100',
    );
    expect(within(shown[0] as HTMLElement).getByText('Encerrada 100')).toBeInTheDocument();
    expect(
      within(shown[0] as HTMLElement).getByText('Resumo da promoção 100.'),
    ).toBeInTheDocument();
    expect(pageButtons()).toEqual(['1', '2']);
    expect(paths()).toContain(closedPath(40, 0));

    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await cards()).toHaveLength(4);
    expect(screen.getByText('Encerrada 111')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeEnabled();
  });

  it('at 767 px: 4 per page, fetched 20 at a time (C18)', async () => {
    const { paths } = setup(767, {
      [PUBLISHED]: OPEN,
      [closedPath(20, 0)]: closedPromotions(12),
    });
    expect(await cards()).toHaveLength(4);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(paths()).toContain(closedPath(20, 0));
    expect(paths()).not.toContain(closedPath(40, 0));
  });

  it('at 768 px the desktop page size applies', async () => {
    setup(768, { [PUBLISHED]: OPEN, [closedPath(40, 0)]: closedPromotions(12) });
    expect(await cards()).toHaveLength(8);
  });

  it('fetches the next batch of 5 pages when the window of 3 pages reaches past it', async () => {
    const { paths } = setup(1280, {
      [PUBLISHED]: OPEN,
      [closedPath(40, 0)]: closedPromotions(40),
      [closedPath(40, 40)]: closedPromotions(5, 140),
    });
    expect(await cards()).toHaveLength(8);
    // A full batch: more may follow, so no last page yet.
    expect(pageButtons()).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
    expect(paths()).not.toContain(closedPath(40, 40));

    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(paths()).toContain(closedPath(40, 40)));
    // 45 promotions: 6 pages, all known now.
    await waitFor(() => expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6']));
    expect(screen.getByText('Encerrada 116')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Página 6' }));
    const last = await cards();
    expect(last).toHaveLength(5);
    expect(screen.getByText('Encerrada 140')).toBeInTheDocument();
    // The current page and the 3 before it; an ellipsis stands for pages 1 and 2.
    expect(pageButtons()).toEqual(['3', '4', '5', '6']);
    expect(navItems()).toEqual(['Anterior', '…', '3', '4', '5', '6', 'Próxima']);
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(paths().filter((path) => path.includes('getClosedPromotions'))).toHaveLength(2);
  });

  it('the slider moves with its buttons and shows one slide at a time', async () => {
    setup(1280, { [PUBLISHED]: OPEN, [closedPath(40, 0)]: [] });
    const slider = await screen.findByRole('region', { name: 'Promoções em destaque' });
    const slides = within(slider).getAllByTestId('featured-slide');
    const active = () => slides.findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true');
    expect(active()).toBe(0);

    await userEvent.click(within(slider).getByRole('button', { name: 'Próxima promoção' }));
    expect(active()).toBe(1);
    // The PRO promotion carries its badge.
    expect(within(slides[1] as HTMLElement).getByText('PRO')).toBeInTheDocument();
    await userEvent.click(within(slider).getByRole('button', { name: 'Promoção anterior' }));
    await userEvent.click(within(slider).getByRole('button', { name: 'Promoção anterior' }));
    expect(active()).toBe(2);
    await userEvent.click(
      within(slider).getByRole('button', {
        name: 'Mostrar a promoção 1: Viagem dos sonhos para Roma',
      }),
    );
    expect(active()).toBe(0);
    expect(
      within(slider).getByRole('link', { name: 'Participar: Viagem dos sonhos para Roma' }),
    ).toHaveAttribute('href', '/promocoes/promocao-1');
    // No closed promotions: no grid, no empty message for the whole page.
    expect(screen.queryByRole('heading', { name: CLOSED_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByText(NO_PROMOTIONS_TEXT)).not.toBeInTheDocument();
  });

  it('PRO closed promotions carry the PRO badge on their card', async () => {
    setup(1280, {
      [PUBLISHED]: [],
      [closedPath(40, 0)]: [
        makePromotion(50, { isOpen: false, pro: true, tx_promocao: 'PRO encerrada' }),
      ],
    });
    const [card] = await cards();
    expect(within(card as HTMLElement).getByText('PRO')).toBeInTheDocument();
    // Nothing open right now, but there are results to see.
    expect(screen.getByText(NO_PROMOTIONS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Páginas/ })).not.toBeInTheDocument();
  });
});

describe('/promocoes without promotions (PR-02)', () => {
  it("shows 'Não há promoções no momento'", async () => {
    setup(1280, { [PUBLISHED]: [], [closedPath(40, 0)]: [] });
    expect(await screen.findByRole('heading', { name: NO_PROMOTIONS_TEXT })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Promoções em destaque' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CLOSED_TITLE })).not.toBeInTheDocument();
  });

  it('a failed list says so and can be tried again', async () => {
    setup(1280, { [PUBLISHED]: new Error('boom'), [closedPath(40, 0)]: closedPromotions(2) });
    expect(await screen.findByText(/Não foi possível carregar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    expect(await cards()).toHaveLength(2);
  });
});
