import { describe, expect, it } from 'vitest';
import { bodyOf, only, resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { messages } from '@/generated/validation-rules';
import { setSession } from '@/lib/session';
import { fireEvent, screen, waitFor, within } from '@/test/render';
import {
  answersPage,
  makeAnswer,
  makePromotion,
  makeWinner,
  mockPromotions,
  ok,
  refuse,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderPromotions } from './testing/render-promotions';

const ITEM = 'backoffice/promotions/5';

const titleBox = () => screen.getByRole('textbox', { name: 'Título' });

async function openEditor(route: string, handlers: Record<string, Handler> = {}) {
  const api = mockPromotions({
    [`${ITEM}/answers`]: ok(answersPage([])),
    ...handlers,
  });
  setSession({ user: STAFF });
  const result = renderPromotions(route);
  await screen.findByTestId('promotion-editor');
  return { api, ...result };
}

resetAroundEachTest();

describe('the promotion editor', () => {
  it('opens a stored promotion with its fields, status and public link', async () => {
    await openEditor('/a1promocoes/5', {
      [ITEM]: ok(makePromotion(5, { title: 'Ganhe ingressos', colorScheme: 'D', isPro: true })),
    });
    expect(titleBox()).toHaveValue('Ganhe ingressos');
    expect(screen.getByText('15/150')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Descrição curta' })).toHaveValue('Ganhe ingressos');
    expect(screen.getByText('Conte por que você merece.')).toBeInTheDocument();
    expect(screen.getByText('Regulamento.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Pergunta' })).toHaveValue('Por que você merece?');
    expect(screen.getByLabelText(/^Início/)).toHaveValue('2026-11-20T09:00');
    expect(screen.getByLabelText(/^Término/)).toHaveValue('2026-12-20T18:00');
    expect(screen.getByRole('switch', { name: /Publicada/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /PRO/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Escuro' })).toBeChecked();
    const status = screen.getByTestId('status-panel');
    expect(within(status).getByTestId('campaign-status')).toHaveTextContent('Aberta');
    expect(within(status).getByRole('link', { name: 'Ver no site' })).toHaveAttribute(
      'href',
      '/promocoes/promocao-5',
    );
    // An open promotion can be closed, not opened again.
    expect(within(status).getByRole('button', { name: 'Encerrar agora' })).toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: 'Abrir agora' })).not.toBeInTheDocument();
  });

  it('shows the rules under the fields and sends nothing while they are broken', async () => {
    const { api } = await openEditor('/a1promocoes/nova');
    fireEvent.change(titleBox(), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('switch', { name: /Publicada/ }));
    fireEvent.change(screen.getByLabelText(/^Término/), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.PROMO_TITLE)).toBeInTheDocument();
    expect(titleBox()).toHaveAttribute('aria-invalid', 'true');
    // Published: the description and the regulation are required.
    expect(screen.getByText(messages.PROMO_DESCRIPTION)).toBeInTheDocument();
    expect(screen.getByText(messages.PROMO_RULES)).toBeInTheDocument();
    expect(screen.getByText(messages.PROMO_DATES)).toBeInTheDocument();
    expect(await screen.findByText('Confira os campos marcados antes de salvar.')).toBeVisible();

    // Fixing a field clears its message.
    fireEvent.change(titleBox(), { target: { value: 'Um título certo' } });
    expect(screen.queryByText(messages.PROMO_TITLE)).not.toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it('a new promotion is created with POST (no version) and the address becomes its own', async () => {
    const created = makePromotion(31, { title: 'Festival de verão', status: 'hidden' });
    const { api } = await openEditor('/a1promocoes/nova', {
      'POST backoffice/promotions': ok(created),
      'GET backoffice/promotions/31': ok(created),
      'backoffice/promotions/31/answers': ok(answersPage([])),
    });
    fireEvent.change(titleBox(), { target: { value: '  Festival de verão ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Pergunta' }), {
      target: { value: 'Qual banda você quer ver?' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Filial/ }), { target: { value: 'PR' } });
    fireEvent.click(screen.getByRole('switch', { name: /Várias respostas/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Escuro' }));
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '2026-12-01T08:00' } });
    fireEvent.change(screen.getByLabelText(/^Término/), { target: { value: '2026-12-15T18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.to('POST', 'backoffice/promotions')).toHaveLength(1));
    expect(only(api.to('POST', 'backoffice/promotions')).body).toEqual({
      title: 'Festival de verão',
      shortDescription: '',
      description: '',
      rules: '',
      question: 'Qual banda você quer ver?',
      imageUrl: '',
      bannerUrl: '',
      colorScheme: 'D',
      isPro: false,
      isEditable: false,
      isMultiple: true,
      isSingleWord: false,
      affiliate: 'PR',
      isPublished: false,
      startsAt: '2026-12-01T08:00:00-03:00',
      endsAt: '2026-12-15T18:30:00-03:00',
      version: null,
    });
    expect(await screen.findByText(messages.PROMO_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes/31'));
    expect(await screen.findByTestId('promotion-editor')).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Festival de verão');
  });

  it('Ctrl+S saves with PUT and the loaded version', async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5)),
      [`PUT ${ITEM}`]: ok(makePromotion(5, { title: 'Outro título', version: 5 })),
    });
    fireEvent.change(titleBox(), { target: { value: 'Outro título' } });
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Alterações não salvas');
    fireEvent.keyDown(titleBox(), { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.to('PUT', ITEM)).toHaveLength(1));
    expect(bodyOf(only(api.to('PUT', ITEM)))).toMatchObject({
      title: 'Outro título',
      description: '<p>Conte por que você merece.</p>',
      startsAt: '2026-11-20T09:00:00-03:00',
      endsAt: '2026-12-20T18:00:00-03:00',
      isPublished: true,
      version: 4,
    });
    expect(await screen.findByText(messages.PROMO_SAVED)).toBeInTheDocument();
    expect(screen.queryByTestId('unsaved')).not.toBeInTheDocument();
  });

  it('409: a clear alert, and reloading shows the version someone else saved', async () => {
    let version = 4;
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: () =>
        ok(makePromotion(5, { version, title: version === 4 ? 'Título antigo' : 'Do colega' })),
      [`PUT ${ITEM}`]: refuse(messages.PROMO_STALE, 409),
    });
    fireEvent.change(titleBox(), { target: { value: 'Meu título novo' } });
    version = 5;
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByTestId('stale-alert');
    expect(alert).toHaveTextContent(messages.PROMO_STALE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(titleBox()).toHaveValue('Do colega'));
    expect(screen.queryByTestId('stale-alert')).not.toBeInTheDocument();
    expect(api.to('GET', ITEM)).toHaveLength(2);
  });

  it("a 400 with a rule's message goes under its field", async () => {
    await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5)),
      [`PUT ${ITEM}`]: refuse(messages.PROMO_AFFILIATE, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.PROMO_AFFILIATE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Filial/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it("'Encerrar agora' saves at once with the end set to now", async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5)),
      [`PUT ${ITEM}`]: ({ body }) =>
        ok(makePromotion(5, { ...(body as object), status: 'closed', version: 5 })),
    });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Encerrar agora' }));
    await waitFor(() => expect(api.to('PUT', ITEM)).toHaveLength(1));
    const after = Date.now();
    const body = bodyOf(only(api.to('PUT', ITEM)));
    const endsAt = Date.parse(String(body.endsAt));
    expect(String(body.endsAt)).toMatch(/-03:00$/);
    expect(endsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(endsAt).toBeLessThanOrEqual(after);
    // The start stays; everything else is the form as it was.
    expect(body).toMatchObject({
      startsAt: '2026-11-20T09:00:00-03:00',
      isPublished: true,
      version: 4,
    });
    expect(await screen.findByText('Promoção encerrada')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('status-panel')).getByTestId('campaign-status'),
    ).toHaveTextContent('Encerrada');
    // Closed now: the draw is offered.
    expect(
      within(screen.getByTestId('draw-panel')).getByRole('button', { name: 'Sortear' }),
    ).toBeInTheDocument();
  });

  it("'Abrir agora' publishes from now, a week long when the end is past", async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(
        makePromotion(5, {
          status: 'hidden',
          isPublished: false,
          startsAt: '2026-01-01T09:00:00-03:00',
          endsAt: '2026-01-10T18:00:00-03:00',
        }),
      ),
      [`PUT ${ITEM}`]: ({ body }) =>
        ok(makePromotion(5, { ...(body as object), status: 'open', version: 5 })),
    });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir agora' }));
    await waitFor(() => expect(api.to('PUT', ITEM)).toHaveLength(1));
    const body = bodyOf(only(api.to('PUT', ITEM)));
    expect(body.isPublished).toBe(true);
    const startsAt = Date.parse(String(body.startsAt));
    expect(startsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(startsAt).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(String(body.endsAt)) - startsAt).toBe(7 * 24 * 3_600_000);
    expect(await screen.findByText('Promoção aberta')).toBeInTheDocument();
  });

  it("'Excluir' asks first; a promotion with answers stays, with the server's reason", async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5)),
      [`DELETE ${ITEM}`]: refuse(messages.PROMO_HAS_ANSWERS, 409),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir esta promoção?' });
    expect(api.to('DELETE', ITEM)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.to('DELETE', ITEM)).toHaveLength(1));
    expect(await screen.findByText(messages.PROMO_HAS_ANSWERS)).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes/5');
  });

  it("'Excluir' of a promotion without answers goes back to the list", async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5, { answers: 0 })),
      [`DELETE ${ITEM}`]: ok(null),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir esta promoção?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.to('DELETE', ITEM)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1promocoes$/));
    expect(await screen.findByText(messages.PROMO_DELETED)).toBeInTheDocument();
  });

  it('leaving through a link with unsaved changes asks first', async () => {
    await openEditor('/a1promocoes/5', { [`GET ${ITEM}`]: ok(makePromotion(5)) });
    fireEvent.change(titleBox(), { target: { value: 'Mudança não salva' } });
    fireEvent.click(screen.getByRole('link', { name: 'Promoções' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    expect(screen.getByTestId('address')).toHaveTextContent('/a1promocoes/5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1promocoes$/));
  });

  it('an unknown promotion says so', async () => {
    mockPromotions({ 'backoffice/promotions/404': refuse('promotion not found', 404) });
    setSession({ user: STAFF });
    renderPromotions('/a1promocoes/404');
    expect(await screen.findByTestId('promotion-not-found')).toHaveTextContent(
      'Esta promoção não existe mais.',
    );
  });

  it("on a phone 'Salvar' sits in the bar at the bottom", async () => {
    setWidth(360);
    await openEditor('/a1promocoes/5', { [`GET ${ITEM}`]: ok(makePromotion(5)) });
    const bar = screen.getByTestId('save-bar');
    expect(within(bar).getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Salvar' })).toHaveLength(1);
  });
});

describe("the promotion's answers", () => {
  it('lists the answers a page at a time, with the winners marked, and exports CSV', async () => {
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5, { answers: 25 })),
      [`${ITEM}/answers`]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return ok(
          answersPage(
            page === 1
              ? [makeAnswer(1, { isWinner: true, name: 'Ana Lima' }), makeAnswer(2, { uf: '' })]
              : [makeAnswer(21)],
            { total: 25, page },
          ),
        );
      },
    });
    const panel = screen.getByTestId('answers-panel');
    expect(within(panel).getByRole('heading', { name: 'Respostas (25)' })).toBeInTheDocument();
    const first = await within(panel).findByTestId('answer-row-1');
    expect(first).toHaveTextContent('Ana Lima');
    expect(first).toHaveTextContent('ouvinte1@example.com');
    expect(first).toHaveTextContent('Curitiba/PR');
    expect(first).toHaveTextContent('Resposta 1');
    expect(first).toHaveTextContent('24/11/2026 15:30');
    expect(first).toHaveTextContent('Ganhador');
    const second = within(panel).getByTestId('answer-row-2');
    expect(second).not.toHaveTextContent('Ganhador');
    expect(second).toHaveTextContent('Curitiba');

    const csv = within(panel).getByRole('link', { name: 'Exportar CSV' });
    expect(csv).toHaveAttribute('href', '/api/v1/backoffice/promotions/5/answers.csv');
    expect(csv).toHaveAttribute('download');

    fireEvent.click(within(panel).getByRole('button', { name: 'Página 2' }));
    expect(await within(panel).findByTestId('answer-row-21')).toBeInTheDocument();
    const pages = api.to('GET', `${ITEM}/answers`).map((call) => call.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });
});

describe("the promotion's draw", () => {
  it('is not offered while the promotion is open, and says why', async () => {
    await openEditor('/a1promocoes/5', { [`GET ${ITEM}`]: ok(makePromotion(5)) });
    const panel = screen.getByTestId('draw-panel');
    expect(panel).toHaveTextContent('O sorteio fica disponível depois do encerramento.');
    expect(within(panel).queryByRole('button', { name: 'Sortear' })).not.toBeInTheDocument();
  });

  it('draws the winners of a closed promotion after a confirmation and lists them', async () => {
    const closed = makePromotion(5, {
      status: 'closed',
      participants: 40,
      winners: [makeWinner({ name: 'Carlos Dias', wonOn: '2026-11-01' })],
    });
    const { api } = await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(closed),
      [`POST ${ITEM}/draw`]: ok({
        drawId: 17,
        seed: 'a1b2c3d4',
        participants: 39,
        winners: [
          makeWinner({ name: 'Carlos Dias', wonOn: '2026-11-01' }),
          makeWinner({ name: 'Maria Souza' }),
          makeWinner({ name: 'João Pereira', email: '', city: '', uf: 'SP', mailed: false }),
        ],
      }),
    });
    const panel = screen.getByTestId('draw-panel');
    expect(within(panel).getByTestId('winners')).toHaveTextContent('Carlos Dias');
    const count = within(panel).getByRole('textbox', { name: 'Quantos ganhadores' });
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Sortear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sortear os ganhadores?' });
    expect(dialog).toHaveTextContent('Sortear 2 ganhadores entre 40 participantes.');
    expect(api.to('POST', `${ITEM}/draw`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));

    await waitFor(() => expect(api.to('POST', `${ITEM}/draw`)).toHaveLength(1));
    expect(only(api.to('POST', `${ITEM}/draw`)).body).toEqual({ count: 2 });
    expect(await within(panel).findByTestId('draw-result')).toHaveTextContent(
      'Sorteio nº 17 · semente a1b2c3d4 · 39 participantes',
    );
    const winners = within(panel).getAllByRole('listitem');
    expect(winners).toHaveLength(3);
    expect(winners[1]).toHaveTextContent('Maria Souza');
    expect(winners[1]).toHaveTextContent('maria@example.com · Curitiba/PR · 25/11/2026');
    expect(winners[1]).toHaveTextContent('e-mail enviado');
    expect(winners[2]).toHaveTextContent('João Pereira');
    expect(winners[2]).toHaveTextContent('e-mail não enviado — contate');
    expect(await screen.findByText('Sorteio feito')).toBeInTheDocument();
  });

  it("a refused draw shows the server's reason", async () => {
    await openEditor('/a1promocoes/5', {
      [`GET ${ITEM}`]: ok(makePromotion(5, { status: 'closed', participants: 0 })),
      [`POST ${ITEM}/draw`]: refuse(messages.DRAW_EMPTY, 409),
    });
    const panel = screen.getByTestId('draw-panel');
    expect(panel).toHaveTextContent('Nenhum ganhador sorteado ainda.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Sortear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sortear os ganhadores?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    expect(await screen.findByText(messages.DRAW_EMPTY)).toBeInTheDocument();
    expect(within(panel).queryByTestId('draw-result')).not.toBeInTheDocument();
  });
});
