import { describe, expect, it } from 'vitest';
import { bodyOf, only, resetAroundEachTest } from '@/features/backoffice/testing/setup';
import { messages } from '@/generated/validation-rules';
import { setSession } from '@/lib/session';
import { fireEvent, screen, waitFor, within } from '@/test/render';
import { makeHunt, mockPromotions, ok, refuse, STAFF, type Handler } from './testing/fixtures';
import { renderPromotions } from './testing/render-promotions';

const HUNT = 'backoffice/hunts/3';

const chanceBox = () => screen.getByRole('textbox', { name: /Chance de ganhar/ });
const prize = (index: number) => screen.getByTestId(`prize-${index}`);

async function openEditor(route: string, handlers: Record<string, Handler> = {}) {
  const api = mockPromotions(handlers);
  setSession({ user: STAFF });
  const result = renderPromotions(route);
  await screen.findByTestId('hunt-editor');
  return { api, ...result };
}

resetAroundEachTest();

describe('the hunt editor', () => {
  it('opens a stored hunt: the chance in percent, the prizes with their stock', async () => {
    await openEditor('/a1promocoes/cacas/3', { [HUNT]: ok(makeHunt(3)) });
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Caça 3');
    expect(screen.getByRole('textbox', { name: /Mensagem do banner/ })).toHaveValue('Ache o baú!');
    expect(screen.getByText('11/200')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Ativa/ })).toBeChecked();
    // 0.025 on the wire is 2,5% on the screen.
    expect(chanceBox()).toHaveValue('2,5');
    expect(
      within(screen.getByTestId('status-panel')).getByTestId('campaign-status'),
    ).toHaveTextContent('Aberta');

    expect(within(prize(0)).getByRole('textbox', { name: 'Nome do prêmio' })).toHaveValue(
      'Camiseta',
    );
    expect(within(prize(0)).getByTestId('prize-stock')).toHaveTextContent('ganhos 3 · restam 7');
    expect(within(prize(1)).getByTestId('prize-stock')).toHaveTextContent('ganhos 0 · restam 5');
    // A prize already won cannot be removed, and the row says why.
    const removeWon = within(prize(0)).getByRole('button', { name: 'Remover prêmio 1' });
    expect(removeWon).toBeDisabled();
    expect(within(prize(0)).getByTestId('prize-won-hint')).toHaveTextContent(
      messages.HUNT_PRIZE_WON,
    );
    expect(removeWon).toHaveAttribute(
      'aria-describedby',
      within(prize(0)).getByTestId('prize-won-hint').id,
    );
    expect(within(prize(1)).getByRole('button', { name: 'Remover prêmio 2' })).toBeEnabled();
    expect(within(prize(1)).queryByTestId('prize-won-hint')).not.toBeInTheDocument();
  });

  it('sends the percent typed as a probability, with the prizes and the version', async () => {
    const { api } = await openEditor('/a1promocoes/cacas/3', {
      [`GET ${HUNT}`]: ok(makeHunt(3)),
      [`PUT ${HUNT}`]: ok(makeHunt(3, { winProbability: 0.035, version: 10 })),
    });
    fireEvent.change(chanceBox(), { target: { value: '3,5' } });
    await waitFor(() => expect(screen.getByTestId('unsaved')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('PUT', HUNT)).toHaveLength(1));
    expect(only(api.to('PUT', HUNT)).body).toEqual({
      title: 'Caça 3',
      description: 'Ache o baú pelo site.',
      rules: '<p>Regras da caça.</p>',
      bannerMessage: 'Ache o baú!',
      isActive: true,
      startsAt: '2026-12-01T00:00:00-03:00',
      endsAt: '2026-12-31T23:59:00-03:00',
      winProbability: 0.035,
      prizes: [
        { id: 11, name: 'Camiseta', description: '', imageUrl: '', totalQuantity: 10 },
        { id: 12, name: 'Caneca', description: '', imageUrl: '', totalQuantity: 5 },
      ],
      version: 9,
    });
    expect(await screen.findByText(messages.HUNT_SAVED)).toBeInTheDocument();
    expect(chanceBox()).toHaveValue('3,5');
  });

  it('a chance over 100% is refused under the field', async () => {
    const { api } = await openEditor('/a1promocoes/cacas/3', { [`GET ${HUNT}`]: ok(makeHunt(3)) });
    fireEvent.change(chanceBox(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.HUNT_PROBABILITY)).toBeInTheDocument();
    expect(api.to('PUT', HUNT)).toHaveLength(0);
  });

  it('adds, removes and reorders prizes', async () => {
    const { api } = await openEditor('/a1promocoes/cacas/3', {
      [`GET ${HUNT}`]: ok(makeHunt(3)),
      [`PUT ${HUNT}`]: ok(makeHunt(3, { version: 10 })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar prêmio' }));
    expect(screen.getByTestId('prize-2')).toBeInTheDocument();
    expect(within(prize(2)).queryByTestId('prize-stock')).not.toBeInTheDocument();
    fireEvent.change(within(prize(2)).getByRole('textbox', { name: 'Nome do prêmio' }), {
      target: { value: 'Fone de ouvido' },
    });
    fireEvent.change(within(prize(2)).getByRole('textbox', { name: 'Quantidade total' }), {
      target: { value: '2' },
    });
    // Remove the unwon 'Caneca', then move the new prize above 'Camiseta'.
    fireEvent.click(within(prize(1)).getByRole('button', { name: 'Remover prêmio 2' }));
    expect(screen.queryByTestId('prize-2')).not.toBeInTheDocument();
    fireEvent.click(within(prize(1)).getByRole('button', { name: 'Subir: prêmio 2' }));
    expect(within(prize(0)).getByRole('textbox', { name: 'Nome do prêmio' })).toHaveValue(
      'Fone de ouvido',
    );
    expect(within(prize(0)).getByRole('button', { name: 'Subir: prêmio 1' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('PUT', HUNT)).toHaveLength(1));
    expect(bodyOf(only(api.to('PUT', HUNT))).prizes).toEqual([
      { id: null, name: 'Fone de ouvido', description: '', imageUrl: '', totalQuantity: 2 },
      { id: 11, name: 'Camiseta', description: '', imageUrl: '', totalQuantity: 10 },
    ]);
  });

  it('checks the prizes before sending: a name, and no fewer than already won', async () => {
    const { api } = await openEditor('/a1promocoes/cacas/3', { [`GET ${HUNT}`]: ok(makeHunt(3)) });
    fireEvent.change(within(prize(0)).getByRole('textbox', { name: 'Quantidade total' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar prêmio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(prize(0)).findByText(messages.HUNT_PRIZE_BELOW_WON)).toBeInTheDocument();
    expect(within(prize(2)).getByText(messages.HUNT_PRIZE_NAME)).toBeInTheDocument();
    expect(api.to('PUT', HUNT)).toHaveLength(0);
  });

  it('a new hunt is created with POST, after the title is right', async () => {
    const created = makeHunt(8, { title: 'Caça de Natal', status: 'hidden' });
    const { api } = await openEditor('/a1promocoes/cacas/nova', {
      'POST backoffice/hunts': ok(created),
      'GET backoffice/hunts/8': ok(created),
    });
    const title = screen.getByRole('textbox', { name: 'Título' });
    fireEvent.change(title, { target: { value: 'Oi' } });
    fireEvent.change(within(prize(0)).getByRole('textbox', { name: 'Nome do prêmio' }), {
      target: { value: 'Boné' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.HUNT_TITLE)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.backoffice()).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Caça de Natal' } });
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(screen.getByLabelText(/^Término/), { target: { value: '2026-12-25T23:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('POST', 'backoffice/hunts')).toHaveLength(1));
    expect(only(api.to('POST', 'backoffice/hunts')).body).toEqual({
      title: 'Caça de Natal',
      description: '',
      rules: '',
      bannerMessage: '',
      isActive: false,
      startsAt: '2026-12-01T00:00:00-03:00',
      endsAt: '2026-12-25T23:00:00-03:00',
      winProbability: 0.01,
      prizes: [{ id: null, name: 'Boné', description: '', imageUrl: '', totalQuantity: 1 }],
      version: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes/cacas/8'),
    );
  });

  it('409: the stale alert with a reload', async () => {
    let version = 9;
    const { api } = await openEditor('/a1promocoes/cacas/3', {
      [`GET ${HUNT}`]: () => ok(makeHunt(3, { version, title: version === 9 ? 'Antiga' : 'Nova' })),
      [`PUT ${HUNT}`]: refuse(messages.HUNT_STALE, 409),
    });
    version = 10;
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByTestId('stale-alert');
    expect(alert).toHaveTextContent(messages.HUNT_STALE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Nova'),
    );
    expect(api.to('GET', HUNT)).toHaveLength(2);
  });

  it('a 400 about a prize shows over the prize list', async () => {
    await openEditor('/a1promocoes/cacas/3', {
      [`GET ${HUNT}`]: ok(makeHunt(3)),
      [`PUT ${HUNT}`]: refuse(messages.HUNT_PRIZE_WON, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByTestId('prizes-error')).toHaveTextContent(messages.HUNT_PRIZE_WON);
  });

  it("'Excluir' asks first; a hunt with prizes won stays, with the server's reason", async () => {
    const { api } = await openEditor('/a1promocoes/cacas/3', {
      [`GET ${HUNT}`]: ok(makeHunt(3)),
      [`DELETE ${HUNT}`]: refuse(messages.HUNT_HAS_WINS, 409),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir esta caça ao tesouro?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.to('DELETE', HUNT)).toHaveLength(1));
    expect(await screen.findByText(messages.HUNT_HAS_WINS)).toBeInTheDocument();
  });

  it('leaving through a link with unsaved changes asks first', async () => {
    await openEditor('/a1promocoes/cacas/3', { [`GET ${HUNT}`]: ok(makeHunt(3)) });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar prêmio' }));
    fireEvent.click(screen.getByRole('link', { name: 'Caças ao tesouro' }));
    expect(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes/cacas/3');
  });
});
