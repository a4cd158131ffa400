import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from '@/lib/router';
import type { HuntPrize } from '@/generated/HuntPrize';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import { mockAccountApi, ok } from '@/features/auth/test-account-api';
import { resetSession, setSession } from '@/lib/session';
import { act, render, screen, userEvent, within } from '@/test/render';
import { resetHunt } from './hunt-store';
import { HUNT_PATH } from './hunt-constants';
import { HUNT_TEXTS } from './hunt-texts';
import { makeHunt, makePrize, makeStatus, makeUser, makeWin, PRIZES } from './testing/fixtures';
import { TreasureHuntPage } from './TreasureHuntPage';

const INFO = '/api/v1/cacaAoTesouro/checkInfoActiveHunt';
const STATUS = '/api/v1/cacaAoTesouro/checkHuntAndPrizes';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

function renderPage(hunt = makeHunt(), status = makeStatus()) {
  const api = mockAccountApi({ [INFO]: ok(hunt), [STATUS]: ok(status) });
  render(
    <Routes>
      <Route path={HUNT_PATH} element={<TreasureHuntPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: HUNT_PATH },
  );
  return api;
}

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => {
  resetSession();
  resetLoginModal();
  resetHunt();
});

afterEach(() => {
  resetSession();
  resetLoginModal();
  resetHunt();
});

describe('/caca-ao-tesouro', () => {
  it('shows the tabs start (selected), regulation and prizes (HT-05)', async () => {
    act(() => setSession(null));
    renderPage();
    const start = await screen.findByRole('tab', { name: 'Início' });
    const rules = screen.getByRole('tab', { name: 'Regulamento' });
    const prizes = screen.getByRole('tab', { name: 'Prêmios' });
    expect(start).toHaveAttribute('aria-selected', 'true');
    expect(rules).toHaveAttribute('aria-selected', 'false');
    expect(prizes).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Caça ao Tesouro Rádio Teste',
    );
    expect(screen.getByText('Navegue pelo site e encontre o baú escondido.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Começar a caçar' })).toBeVisible();

    await userEvent.setup().click(rules);
    expect(rules).toHaveAttribute('aria-selected', 'true');
    // The server's (sanitised) HTML.
    expect(screen.getByText('1. Quem pode participar.').tagName).toBe('STRONG');
  });

  it("with no prizes, the prizes tab says 'Não há prêmios no momento' (HT-05)", async () => {
    act(() => setSession(null));
    renderPage(makeHunt({ prizes: [], totalPrizes: 0, prizesWon: 0 }));
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Prêmios' }));
    const panel = screen.getByRole('tabpanel', { name: 'Prêmios' });
    expect(within(panel).getByText(HUNT_TEXTS.noPrizes)).toBeVisible();
    expect(within(panel).queryByTestId('hunt-prize')).not.toBeInTheDocument();
  });

  it("with no active hunt, 'Fique antenado e não perca a PRÓXIMA caça ao tesouro!' (HT-05)", async () => {
    act(() => setSession(null));
    mockAccountApi({ [INFO]: ok(null) });
    render(<TreasureHuntPage />, { route: HUNT_PATH });
    expect(
      await screen.findByText('Fique antenado e não perca a PRÓXIMA caça ao tesouro!'),
    ).toBeVisible();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Começar a caçar' })).not.toBeInTheDocument();
  });

  it('lists each prize with name, description, total quantity and one of five icons, plus the totals (HT-04)', async () => {
    act(() => setSession(null));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Prêmios' }));
    const cards = screen.getAllByTestId('hunt-prize');
    expect(cards).toHaveLength(5);
    const levels = new Set<string>();
    const labels = new Set<string>();
    cards.forEach((card, index) => {
      const prize = PRIZES[index] as HuntPrize;
      expect(within(card).getByRole('heading', { name: prize.prizeName })).toBeVisible();
      expect(within(card).getByText(prize.prizeDescription)).toBeVisible();
      expect(normalise(card.textContent)).toContain(`Quantidade total: ${prize.numberTotalPrize}`);
      const icon = within(card).getByRole('img', { name: /^Disponibilidade: / });
      expect(icon).toHaveAttribute('data-level', String(prize.prizeIcon));
      levels.add(icon.getAttribute('data-level') ?? '');
      labels.add(icon.getAttribute('aria-label') ?? '');
    });
    // Five different levels, five different accessible names (not colour alone).
    expect(levels).toEqual(new Set(['0', '1', '2', '3', '4']));
    expect(labels.size).toBe(5);
    expect(within(cards[0] as HTMLElement).getByText('Esgotado')).toBeVisible();
    expect(within(cards[1] as HTMLElement).getByText('Últimas unidades')).toBeVisible();

    expect(screen.getByTestId('hunt-total-prizes')).toHaveTextContent('48');
    expect(screen.getByTestId('hunt-prizes-won')).toHaveTextContent('26');
    const totals = screen.getByTestId('hunt-totals');
    expect(within(totals).getByText('Prêmios no total')).toBeVisible();
    expect(within(totals).getByText('Prêmios ganhos')).toBeVisible();
  });

  it('clamps a prize icon outside 0–4', async () => {
    act(() => setSession(null));
    renderPage(makeHunt({ prizes: [makePrize(9, 4, 4, 7)] }));
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Prêmios' }));
    expect(screen.getByTestId('hunt-prize-icon')).toHaveAttribute('data-level', '4');
  });
});

describe('the start button (HT-03, C31, G14)', () => {
  it('anonymous → the login modal', async () => {
    act(() => setSession(null));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Começar a caçar' }));
    expect(getLoginModalState()).toMatchObject({ opened: true, screen: 'login' });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('incomplete registration → the profile modal, whose button goes to /perfil/editar-perfil', async () => {
    act(() => setSession({ user: makeUser(false) }));
    const user = userEvent.setup();
    renderPage(makeHunt(), makeStatus({ registrationComplete: false, canWin: false }));
    await user.click(await screen.findByRole('button', { name: 'Começar a caçar' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete seu cadastro' });
    expect(
      within(dialog).getByText(
        'Por favor complete seu cadastro para participar da caça ao tesouro.',
      ),
    ).toBeVisible();
    expect(getLoginModalState().opened).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Completar cadastro' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/perfil/editar-perfil');
  });

  it('complete registration → /ouvir-radio-online', async () => {
    act(() => setSession({ user: makeUser(true) }));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Começar a caçar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ouvir-radio-online');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getLoginModalState().opened).toBe(false);
  });
});

describe("the player's standing", () => {
  it('an opened prize not yet shared: the share buttons to hunt again', async () => {
    act(() => setSession({ user: makeUser(true) }));
    const api = renderPage(
      makeHunt(),
      makeStatus({ canWin: false, pendingPrize: makeWin({ status: 'opened' }), prizesWon: 1 }),
    );
    const status = await screen.findByTestId('hunt-player-status');
    expect(normalise(status.textContent)).toContain(
      'Você ganhou Caixa de som portátil! Compartilhe a conquista para voltar a caçar.',
    );
    expect(within(status).getByRole('link', { name: 'Compartilhar no Facebook' })).toBeVisible();
    expect(api.callsTo('cacaAoTesouro/checkHuntAndPrizes')).toHaveLength(1);
  });

  it('prizes won so far', async () => {
    act(() => setSession({ user: makeUser(true) }));
    renderPage(makeHunt(), makeStatus({ prizesWon: 2 }));
    expect(await screen.findByTestId('hunt-player-status')).toHaveTextContent(
      'Você já ganhou 2 prêmios nesta caça.',
    );
  });
});
