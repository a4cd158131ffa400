import { describe, expect, it } from 'vitest';
import { nth, resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { getLoginModalState } from '@/features/auth/login-modal-store';
import { setSession } from '@/lib/session';
import { act, fireEvent, screen, waitFor, within } from '@/test/render';
import {
  makeHuntRow,
  makePromotionRow,
  mockPromotions,
  ok,
  permissions,
  promotionPage,
  refuse,
  STAFF,
} from './testing/fixtures';
import { renderPromotions } from './testing/render-promotions';

const LIST = 'backoffice/promotions';

async function openList(route = '/a1promocoes') {
  setSession({ user: STAFF });
  const result = renderPromotions(route);
  await screen.findByTestId('promotions-desk');
  return result;
}

resetAroundEachTest();

describe('/a1promocoes access', () => {
  it('without a session: the login prompt, and no back-office call', async () => {
    const api = mockPromotions();
    setSession(null);
    renderPromotions('/a1promocoes');
    expect(screen.getByTestId('promotions-login-required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().params.notice).toBe(
      'Você precisa estar logado para entrar nas promoções.',
    );
    await act(() => new Promise((done) => setTimeout(done, 30)));
    expect(api.backoffice()).toHaveLength(0);
  });

  it('without permission 6: the no-permission state, and nothing is asked', async () => {
    const api = mockPromotions({ 'stats/getUserPermissions': ok(permissions([4, 5])) });
    setSession({ user: STAFF });
    renderPromotions('/a1promocoes');
    expect(await screen.findByTestId('promotions-no-permission')).toHaveTextContent(
      'Você não tem permissão para gerenciar as promoções.',
    );
    expect(api.backoffice()).toHaveLength(0);
  });

  it('the editors are gated the same way', async () => {
    const api = mockPromotions({ 'stats/getUserPermissions': ok(permissions([5])) });
    setSession({ user: STAFF });
    const first = renderPromotions('/a1promocoes/3');
    expect(await screen.findByTestId('promotions-no-permission')).toBeInTheDocument();
    first.unmount();
    renderPromotions('/a1promocoes/cacas/nova');
    expect(await screen.findByTestId('promotions-no-permission')).toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it('a 403 from the list (a permission taken away) shows the same state', async () => {
    mockPromotions({ [LIST]: refuse('no permission', 403) });
    await openList();
    expect(await screen.findByTestId('promotions-no-permission')).toBeInTheDocument();
  });
});

describe('/a1promocoes list', () => {
  it('shows each promotion with its picture, status, period, counts and PRO badge', async () => {
    mockPromotions({
      [LIST]: ok(
        promotionPage([
          makePromotionRow(12, { title: 'Ganhe ingressos do show', isPro: true, winners: 3 }),
          makePromotionRow(11, { status: 'scheduled', imageUrl: '', answers: 0 }),
          makePromotionRow(10, { status: 'closed' }),
          makePromotionRow(9, { status: 'hidden' }),
        ]),
      ),
    });
    await openList();
    const table = await screen.findByTestId('promotions-table');
    const row = within(table).getByTestId('promotion-row-12');
    expect(within(row).getByRole('link', { name: 'Ganhe ingressos do show' })).toHaveAttribute(
      'href',
      '/a1promocoes/12',
    );
    expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Aberta');
    expect(within(row).getByTestId('period')).toHaveTextContent(
      '20/11/2026 09:00 – 20/12/2026 18:00',
    );
    expect(row).toHaveTextContent('1.234');
    expect(row).toHaveTextContent('PRO');
    expect(row.querySelector('img')).toHaveAttribute('src', '/media/uploads/promo-12?w=320');

    const scheduled = screen.getByTestId('promotion-row-11');
    expect(within(scheduled).getByTestId('campaign-status')).toHaveTextContent('Agendada');
    expect(scheduled).toHaveTextContent('Sem imagem');
    expect(scheduled).not.toHaveTextContent('PRO');
    expect(
      within(screen.getByTestId('promotion-row-10')).getByTestId('campaign-status'),
    ).toHaveTextContent('Encerrada');
    expect(
      within(screen.getByTestId('promotion-row-9')).getByTestId('campaign-status'),
    ).toHaveTextContent('Oculta');
    expect(screen.getByTestId('promotions-total')).toHaveTextContent('1–4 de 4 promoções');
    expect(screen.getByRole('link', { name: 'Nova promoção' })).toHaveAttribute(
      'href',
      '/a1promocoes/nova',
    );
  });

  it('reads the search, status and page from the address and sends them to the server', async () => {
    const api = mockPromotions({
      [LIST]: ok(promotionPage([makePromotionRow(1)], { total: 41, page: 3 })),
    });
    await openList('/a1promocoes?q=show&situacao=closed&pagina=3');
    await screen.findByTestId('promotion-row-1');
    expect(Object.fromEntries(nth(api.to('GET', LIST), 0).url.searchParams)).toEqual({
      q: 'show',
      status: 'closed',
      page: '3',
      perPage: '20',
    });
    expect(screen.getByLabelText('Buscar promoções')).toHaveValue('show');
    expect(screen.getByRole('textbox', { name: 'Situação' })).toHaveValue('Encerrada');
  });

  it('offers the four statuses; choosing one goes to the address and the server', async () => {
    const api = mockPromotions({ [LIST]: ok(promotionPage([makePromotionRow(1)])) });
    await openList();
    await screen.findByTestId('promotion-row-1');
    fireEvent.click(screen.getByRole('textbox', { name: 'Situação' }));
    for (const name of ['Oculta', 'Agendada', 'Aberta', 'Encerrada'])
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Agendada' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes?situacao=scheduled'),
    );
    await waitFor(() =>
      expect(nth(api.to('GET', LIST), -1).url.searchParams.get('status')).toBe('scheduled'),
    );
  });

  it('the search box goes to the server when typing pauses', async () => {
    const api = mockPromotions({ [LIST]: ok(promotionPage([makePromotionRow(1)])) });
    await openList();
    await screen.findByTestId('promotion-row-1');
    fireEvent.change(screen.getByLabelText('Buscar promoções'), { target: { value: 'natal' } });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('q=natal'), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(nth(api.to('GET', LIST), -1).url.searchParams.get('q')).toBe('natal'),
    );
  });

  it('paging asks the next page', async () => {
    const api = mockPromotions({
      [LIST]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return ok(promotionPage([makePromotionRow(page)], { total: 45, page }));
      },
    });
    await openList();
    await screen.findByTestId('promotion-row-1');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByTestId('promotion-row-2')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes?pagina=2');
    expect(nth(api.to('GET', LIST), -1).url.searchParams.get('page')).toBe('2');
  });

  it("nothing found: 'Nenhuma promoção encontrada.' and a way to clear the filters", async () => {
    mockPromotions({
      [LIST]: ({ url }) =>
        ok(url.searchParams.has('q') ? promotionPage([]) : promotionPage([makePromotionRow(5)])),
    });
    await openList('/a1promocoes?q=xyz&situacao=hidden');
    const empty = await screen.findByTestId('promotions-empty');
    expect(empty).toHaveTextContent('Nenhuma promoção encontrada.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByTestId('promotion-row-5')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1promocoes$/);
  });

  it('a failed list offers a retry', async () => {
    let fail = true;
    const api = mockPromotions({
      [LIST]: () =>
        fail ? refuse('internal error', 500) : ok(promotionPage([makePromotionRow(1)])),
    });
    await openList();
    const error = await screen.findByTestId('promotions-list-error');
    expect(error).toHaveTextContent('Não foi possível carregar as promoções.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('promotion-row-1')).toBeInTheDocument();
    expect(api.to('GET', LIST)).toHaveLength(2);
  });

  it('on a phone the rows are cards, each linking to the editor', async () => {
    setWidth(360);
    mockPromotions({
      [LIST]: ok(promotionPage([makePromotionRow(8, { title: 'Viagem a Gramado', isPro: true })])),
    });
    await openList();
    const cards = await screen.findByTestId('promotions-cards');
    expect(screen.queryByTestId('promotions-table')).not.toBeInTheDocument();
    const card = within(cards).getByTestId('promotion-row-8');
    expect(within(card).getByRole('link', { name: 'Viagem a Gramado' })).toHaveAttribute(
      'href',
      '/a1promocoes/8',
    );
    expect(card).toHaveTextContent('Aberta');
    expect(card).toHaveTextContent('PRO');
    expect(card).toHaveTextContent('1.234');
  });
});

describe("/a1promocoes?aba=cacas (the hunts' tab)", () => {
  it('lists the hunts with status, period, prizes won/total and players', async () => {
    const api = mockPromotions({
      'backoffice/hunts': ok({
        items: [
          makeHuntRow(3, { title: 'Caça de verão' }),
          makeHuntRow(2, { status: 'hidden', prizesWon: 0, players: 0 }),
        ],
      }),
    });
    await openList('/a1promocoes?aba=cacas');
    const row = await screen.findByTestId('hunt-row-3');
    expect(within(row).getByRole('link', { name: 'Caça de verão' })).toHaveAttribute(
      'href',
      '/a1promocoes/cacas/3',
    );
    expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Aberta');
    expect(row).toHaveTextContent('01/12/2026 00:00 – 31/12/2026 23:59');
    expect(row).toHaveTextContent('12/30');
    expect(row).toHaveTextContent('4.567');
    expect(
      within(screen.getByTestId('hunt-row-2')).getByTestId('campaign-status'),
    ).toHaveTextContent('Inativa');
    expect(screen.getByRole('link', { name: 'Nova caça' })).toHaveAttribute(
      'href',
      '/a1promocoes/cacas/nova',
    );
    // The promotions are not asked on the hunts' tab.
    expect(api.to('GET', LIST)).toHaveLength(0);
  });

  it('the tabs switch through the address', async () => {
    mockPromotions({
      [LIST]: ok(promotionPage([makePromotionRow(1)])),
      'backoffice/hunts': ok({ items: [] }),
    });
    await openList();
    await screen.findByTestId('promotion-row-1');
    fireEvent.click(screen.getByRole('tab', { name: 'Caças ao tesouro' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes?aba=cacas'),
    );
    expect(await screen.findByTestId('hunts-empty')).toHaveTextContent(
      'Nenhuma caça ao tesouro encontrada.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Promoções' }));
    expect(await screen.findByTestId('promotion-row-1')).toBeInTheDocument();
  });

  it('a failed hunts list offers a retry', async () => {
    let fail = true;
    mockPromotions({
      'backoffice/hunts': () =>
        fail ? refuse('internal error', 500) : ok({ items: [makeHuntRow(1)] }),
    });
    await openList('/a1promocoes?aba=cacas');
    const error = await screen.findByTestId('hunts-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('hunt-row-1')).toBeInTheDocument();
  });
});
