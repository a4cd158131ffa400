import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import type { Promotion } from '@/generated/Promotion';
import type { SaveAnswerRequest } from '@/generated/SaveAnswerRequest';
import { resetSession, setSession, type SessionUser } from '@/lib/session';
import { errorReply, mockApi, rawReply, TEST_STATION, type ApiHandlers } from '@/test/api-mock';
import { fireEvent, render, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { PromotionPage } from './PromotionPage';
import {
  ALREADY_ANSWERED_TEXT,
  ANSWER_FAILED_TEXT,
  ANSWER_SENT_TEXT,
  NO_WINNERS_TEXT,
  PARTICIPATE_LOGIN_TEXT,
  PRO_ONLY_TEXT,
  PROFILE_INCOMPLETE_TEXT,
  PROMOTION_NOT_FOUND_TEXT,
  WINNERS_LOGIN_TEXT,
} from './promotions';
import {
  INCOMPLETE_LISTENER,
  LISTENER,
  makeAnswer,
  makePromotion,
  PRO_LISTENER,
  WINNERS,
} from './testing/fixtures';

const ID = 12;
const SLUG = 'ingressos-para-o-show';
const BY_SLUG = `/api/v1/promotions/getPromotionBySlug/${SLUG}`;
const USER_ANSWER = `/api/v1/promotions/getUserAnswer/${ID}`;
const WINNERS_PATH = `/api/v1/promotions/getPromotionWinners/${ID}`;
const SAVE = '/api/v1/promotions/saveAnswer';

const BOTH =
  'Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.';
const RULES = 'Você precisa ler  e aceitar o regulamento.';
const EMPTY = 'Preencha a caixa de texto com sua resposta.';

interface Sent {
  body: SaveAnswerRequest;
  authorization: string | null;
}

/** saveAnswer answering with the saved answer; every request is kept. */
function saveEndpoint(sent: Sent[], answerId = 501) {
  return rawReply((_url, init) => {
    const body = JSON.parse(String(init?.body)) as SaveAnswerRequest;
    sent.push({ body, authorization: new Headers(init?.headers).get('Authorization') });
    const saved = makeAnswer(body.idUserPromotion ?? answerId + sent.length, body.answer);
    return new Response(
      JSON.stringify({ status: 'success', message: 'answer saved', data: saved }),
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
}

function setup(
  promotion: Partial<Promotion> = {},
  {
    user = LISTENER as SessionUser | null,
    handlers = {} as ApiHandlers,
  }: { user?: SessionUser | null; handlers?: ApiHandlers } = {},
) {
  setSession(user ? { user, token: 'tok' } : null);
  const fetchMock = mockApi({
    [BY_SLUG]: makePromotion(ID, { url_promocao: SLUG, ...promotion }),
    [USER_ANSWER]: null,
    [WINNERS_PATH]: [],
    ...handlers,
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(
      ([input]) => new URL(String(input), 'http://localhost').pathname === path,
    );
  render(
    <Routes>
      <Route path="/promocoes/:slug" element={<PromotionPage />} />
    </Routes>,
    { route: `/promocoes/${SLUG}` },
  );
  return { calls };
}

const button = (name: string) => screen.getByRole('button', { name });
const panel = () => screen.queryByTestId('promotion-panel');

async function openAnswer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Participar' }));
  return screen.getByTestId('promotion-panel');
}

async function answerWith(text: string, { accept = true } = {}) {
  const form = await screen.findByTestId('answer-form');
  const box = within(form).getByRole('textbox');
  await userEvent.clear(box);
  if (text) await userEvent.type(box, text);
  if (accept)
    await userEvent.click(
      within(form).getByRole('checkbox', { name: 'Li e aceito o regulamento' }),
    );
  await userEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
}

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  resetSession();
  resetLoginModal();
});

describe('promotion page', () => {
  it('PR-05: an unknown slug shows the not-found text with a link to /promocoes', async () => {
    mockApi({});
    renderRoute('/promocoes/nao-existe');
    expect(await screen.findByText(PROMOTION_NOT_FOUND_TEXT)).toBeInTheDocument();
    const view = screen.getByTestId('not-found-view');
    expect(within(view).getByRole('link', { name: 'Ver todas as promoções' })).toHaveAttribute(
      'href',
      '/promocoes',
    );
  });

  it('PR-06: a PRO promotion with scheme D has the PRO badge and the dark scheme; title cut at 40', async () => {
    const title = 'Pares de ingressos para o grande show de verão na orla';
    setup({ pro: true, tx_colorScheme: 'D', tx_promocao: title });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const article = screen.getByTestId('promotion');
    expect(article).toHaveAttribute('data-scheme', 'dark');
    expect(article).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(within(article).getByText('PRO')).toBeInTheDocument();
    expect(screen.getByTestId('promotion-description').innerHTML).toBe(
      `<p>Descrição da <strong>promoção ${ID}</strong>.</p>`,
    );
    await waitFor(() =>
      expect(document.title).toBe(`${title.slice(0, 40).trimEnd()} | ${TEST_STATION.name}`),
    );
  });

  it("scheme 'L' and not PRO: light, no badge", async () => {
    setup({ tx_colorScheme: 'L' });
    expect(await screen.findByTestId('promotion')).toHaveAttribute('data-scheme', 'light');
    expect(screen.getByTestId('promotion')).not.toHaveAttribute('data-mantine-color-scheme');
    expect(screen.queryByTestId('pro-badge')).not.toBeInTheDocument();
  });

  it('PR-16: each button opens its panel and, clicked again, closes it (mode back to none)', async () => {
    setup({ rs_multiple: 'S' }, { handlers: { [WINNERS_PATH]: WINNERS } });
    await screen.findByRole('button', { name: 'Regulamento' });
    for (const [name, mode] of [
      ['Regulamento', 'regulamento'],
      ['Participar', 'respostaMultipla'],
      ['Ganhadores', 'verGanhadores'],
    ] as const) {
      await userEvent.click(button(name));
      expect(button(name)).toHaveAttribute('aria-expanded', 'true');
      expect(panel()).toHaveAttribute('data-mode', mode);
      await userEvent.click(button(name));
      expect(button(name)).toHaveAttribute('aria-expanded', 'false');
      expect(panel()).not.toBeInTheDocument();
    }
    // One panel at a time: another button switches to its own.
    await userEvent.click(button('Regulamento'));
    expect(await screen.findByTestId('promotion-rules')).toHaveTextContent(
      `Regras da promoção ${ID}.`,
    );
    await userEvent.click(button('Ganhadores'));
    expect(panel()).toHaveAttribute('data-mode', 'verGanhadores');
    expect(button('Regulamento')).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('participation gates (doc2 §4)', () => {
  it('not logged in: the message and the login modal', async () => {
    const fetchMock = mockApi({ [BY_SLUG]: makePromotion(ID, { url_promocao: SLUG }) });
    renderRoute(`/promocoes/${SLUG}`);
    await openAnswer();
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    expect(getLoginModalState().opened).toBe(true);
    // Said once: in the modal while it is open…
    expect(within(dialog).getByText(PARTICIPATE_LOGIN_TEXT)).toBeInTheDocument();
    expect(screen.getAllByText(PARTICIPATE_LOGIN_TEXT)).toHaveLength(1);
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();

    // …then in the panel, with a way back to the modal.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const opened = panel() as HTMLElement;
    expect(within(opened).getByText(PARTICIPATE_LOGIN_TEXT)).toBeInTheDocument();
    await userEvent.click(within(opened).getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().opened).toBe(true);
    const answerCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('getUserAnswer'),
    );
    expect(answerCalls).toHaveLength(0);
  });

  it("PRO-only and not PRO: the PRO message and 'Saiba Mais' to the PRO page", async () => {
    setup({ pro: true }, { user: { ...LISTENER, registrationComplete: false } });
    const opened = await openAnswer();
    expect(within(opened).getByText(PRO_ONLY_TEXT)).toBeInTheDocument();
    expect(within(opened).getByRole('link', { name: 'Saiba Mais' })).toHaveAttribute(
      'href',
      '/vantagens-da-assinatura-pro',
    );
    expect(getLoginModalState().opened).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("incomplete registration: the profile modal with 'Completar cadastro' (G14)", async () => {
    setup({}, { user: INCOMPLETE_LISTENER });
    await openAnswer();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PROFILE_INCOMPLETE_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Completar cadastro' })).toHaveAttribute(
      'href',
      '/perfil/editar-perfil',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The message stays in the panel once the modal is closed.
    expect(within(panel() as HTMLElement).getByText(PROFILE_INCOMPLETE_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();
  });

  it('a PRO user may answer a PRO-only promotion', async () => {
    setup({ pro: true }, { user: PRO_LISTENER });
    await openAnswer();
    expect(await screen.findByTestId('answer-form')).toBeInTheDocument();
  });

  it('a closed promotion takes no answer and leads to its winners', async () => {
    setup({ isOpen: false }, { handlers: { [WINNERS_PATH]: WINNERS } });
    const opened = await openAnswer();
    expect(within(opened).getByText(/foi encerrada em 31\/03\/2026/)).toBeInTheDocument();
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();
    await userEvent.click(within(opened).getByRole('button', { name: 'Ver ganhadores' }));
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(panel()).toHaveAttribute('data-mode', 'verGanhadores');
  });
});

describe('answer modes (PR-08, G49)', () => {
  it("rs_multiple 'S': multiple answers, the form stays for another one", async () => {
    const sent: Sent[] = [];
    setup({ rs_multiple: 'S', rs_editavel: 'S' }, { handlers: { [SAVE]: saveEndpoint(sent) } });
    expect(await openAnswer()).toHaveAttribute('data-mode', 'respostaMultipla');
    await answerWith('Primeira resposta');
    expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
    const box = within(screen.getByTestId('answer-form')).getByRole('textbox');
    expect(box).toHaveValue('');
    expect(box).not.toHaveAttribute('readonly');
    await answerWith('Segunda resposta');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((request) => request.body.idUserPromotion)).toEqual([null, null]);
    expect(sent[1]?.body.answer).toBe('Segunda resposta');
  });

  it("rs_editavel 'S': one answer that can be edited", async () => {
    const sent: Sent[] = [];
    setup({ rs_editavel: 'S' }, { handlers: { [SAVE]: saveEndpoint(sent) } });
    expect(await openAnswer()).toHaveAttribute('data-mode', 'respostaUnicaEditavel');
    await answerWith('Minha resposta');
    expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
    // Read-only now, with 'Editar Resposta'.
    expect(screen.getByRole('textbox')).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox')).toHaveValue('Minha resposta');
    expect(button('Editar Resposta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
  });

  it("both 'N': one answer for good", async () => {
    const sent: Sent[] = [];
    setup({}, { handlers: { [SAVE]: saveEndpoint(sent) } });
    expect(await openAnswer()).toHaveAttribute('data-mode', 'respostaUnicaNaoEditavel');
    await answerWith('Resposta única');
    expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
    expect(screen.getByText(ALREADY_ANSWERED_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();
  });
});

describe('an answer already given (PR-09)', () => {
  it("editable: read-only with 'Editar Resposta', which enables editing and 'Enviar'", async () => {
    const sent: Sent[] = [];
    setup(
      { rs_editavel: 'S' },
      {
        handlers: { [USER_ANSWER]: makeAnswer(77, 'Resposta antiga'), [SAVE]: saveEndpoint(sent) },
      },
    );
    await openAnswer();
    const box = await screen.findByRole('textbox');
    expect(box).toHaveValue('Resposta antiga');
    expect(box).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();

    await userEvent.click(button('Editar Resposta'));
    expect(box).not.toHaveAttribute('readonly');
    expect(button('Enviar')).toBeInTheDocument();
    await answerWith('Resposta nova');
    await waitFor(() => expect(sent).toHaveLength(1));
    // G50: the edit names the answer it replaces.
    expect(sent[0]?.body).toEqual({
      idUserPromotion: 77,
      idPromotion: ID,
      answer: 'Resposta nova',
    });
    expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('Resposta nova');
    expect(screen.getByRole('textbox')).toHaveAttribute('readonly');
  });

  it("not editable: 'Você já deu uma resposta nessa promoção. Boa sorte!' and no form", async () => {
    setup({}, { handlers: { [USER_ANSWER]: makeAnswer(78, 'Já respondi') } });
    await openAnswer();
    expect(await screen.findByText(ALREADY_ANSWERED_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
  });
});

describe('the answer form (PR-10, PR-12, PR-13)', () => {
  it('PR-10: the three messages, and nothing is sent', async () => {
    const { calls } = setup();
    await openAnswer();
    const form = await screen.findByTestId('answer-form');
    const send = within(form).getByRole('button', { name: 'Enviar' });
    const box = within(form).getByRole('textbox');
    const rules = within(form).getByRole('checkbox', { name: 'Li e aceito o regulamento' });

    await userEvent.click(send);
    expect(screen.getByTestId('answer-problem')).toHaveTextContent(BOTH, {
      normalizeWhitespace: false,
    });

    await userEvent.type(box, 'Rock');
    await userEvent.click(send);
    expect(screen.getByTestId('answer-problem')).toHaveTextContent(RULES, {
      normalizeWhitespace: false,
    });

    await userEvent.clear(box);
    await userEvent.click(rules);
    await userEvent.click(send);
    expect(screen.getByTestId('answer-problem')).toHaveTextContent(EMPTY, {
      normalizeWhitespace: false,
    });
    expect(calls(SAVE)).toHaveLength(0);
  });

  it('truncates what goes past 350 characters, or 30 for a single word', async () => {
    setup();
    await openAnswer();
    const box = within(await screen.findByTestId('answer-form')).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'a'.repeat(400) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(350);
    expect(screen.getByText('350/350')).toBeInTheDocument();
  });

  it('a single-word promotion takes 30 characters', async () => {
    setup({ rs_keywords: 'S' });
    await openAnswer();
    const box = within(await screen.findByTestId('answer-form')).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'b'.repeat(45) } });
    expect((box as HTMLTextAreaElement).value).toBe('b'.repeat(30));
    expect(box).toHaveAttribute('maxlength', '30');
  });

  it('PR-12: POST saveAnswer with the bearer token and {idUserPromotion, idPromotion, answer}', async () => {
    const sent: Sent[] = [];
    setup({}, { handlers: { [SAVE]: saveEndpoint(sent) } });
    await openAnswer();
    await answerWith('  Minha resposta  ');
    expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { idUserPromotion: null, idPromotion: ID, answer: 'Minha resposta' },
        authorization: 'Bearer tok',
      },
    ]);
    // The form is replaced.
    expect(screen.queryByTestId('answer-form')).not.toBeInTheDocument();
  });

  it.each([
    ['a refusal', errorReply(400, 'answer too long')],
    [
      'a business error',
      rawReply(() =>
        Response.json({ status: 'error', message: 'answer already given', data: null }),
      ),
    ],
    ['a server failure', new Error('boom')],
  ])('PR-13: %s shows the unexpected-error message and keeps the form', async (_name, reply) => {
    setup({}, { handlers: { [SAVE]: reply } });
    await openAnswer();
    await answerWith('Minha resposta');
    expect(await screen.findByText(ANSWER_FAILED_TEXT)).toBeInTheDocument();
    expect(within(screen.getByTestId('answer-form')).getByRole('textbox')).toHaveValue(
      'Minha resposta',
    );
    expect(screen.queryByText(ANSWER_SENT_TEXT)).not.toBeInTheDocument();
  });
});

describe('winners (PR-15)', () => {
  it('anonymous: the login message, and no call', async () => {
    const { calls } = setup({}, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Ganhadores' }));
    expect(screen.getByText(WINNERS_LOGIN_TEXT)).toBeInTheDocument();
    expect(calls(WINNERS_PATH)).toHaveLength(0);
  });

  it("logged in, none: 'Nenhum ganhador encontrado para essa promoção.'", async () => {
    setup({}, { handlers: { [WINNERS_PATH]: [] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Ganhadores' }));
    expect(await screen.findByText(NO_WINNERS_TEXT)).toBeInTheDocument();
  });

  it('logged in: name and surname, city/UF and the date', async () => {
    const { calls } = setup({ isOpen: false }, { handlers: { [WINNERS_PATH]: WINNERS } });
    await userEvent.click(await screen.findByRole('button', { name: 'Ganhadores' }));
    const list = await screen.findByRole('list', { name: 'Ganhadores' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Ana Souza')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('São Paulo/SP');
    expect(rows[0]).toHaveTextContent('02/04/2026');
    expect(rows[1]).toHaveTextContent('Curitiba/PR');
    expect(new Headers(calls(WINNERS_PATH)[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer tok',
    );
  });
});
