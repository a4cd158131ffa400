import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { AffiliatesPage } from '@/features/affiliates/AffiliatesPage';
import { AdvertisePage } from '@/features/static/AdvertisePage';
import { toast } from '@/lib/toast';
import { mockApi, type ApiHandlers } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor, within } from '@/test/render';
import { FREE_STREAMING_OPEN_TEXT, FreeStreamingCallout } from './FreeStreamingRequest';
import { FORM_TEXTS } from './forms-texts';
import {
  acceptingEndpoint,
  pendingEndpoint,
  refusingEndpoint,
  unreachableEndpoint,
  VALID_CNPJ_DIGITS,
  type SentRequest,
} from './testing/fixtures';
import { FORM_MESSAGES, type FreeStreamingField, type FreeStreamingValues } from './validation';

const SEND = '/api/v1/freeStreaming/sendMessage';
const M = FORM_MESSAGES.freeStreaming;
/** freestreaming.15, word for word. */
const SENT = 'Sua solicitação foi enviada! Retornaremos em breve :)';

type User = ReturnType<typeof userEvent.setup>;

function renderCallout(handlers: ApiHandlers = {}) {
  const fetchMock = mockApi(handlers);
  render(<FreeStreamingCallout />);
  return fetchMock;
}

async function open(user: User) {
  await user.click(screen.getByRole('button', { name: FREE_STREAMING_OPEN_TEXT }));
  return screen.findByRole('dialog', { name: 'Solicitação de streaming gratuito' });
}

const box = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });
const band = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /Faixa/ });
const submit = (dialog: HTMLElement) => within(dialog).getByTestId('free-streaming-submit');

/** The error toasts on screen, by text. */
function errorToasts(): string[] {
  return Array.from(document.querySelectorAll('[data-toast-kind="error"]'), (toastElement) =>
    (
      toastElement.querySelector('.mantine-Notification-description > div')?.textContent ?? ''
    ).trim(),
  );
}

const VALID: FreeStreamingValues = {
  company: 'Rádio Exemplo Ltda',
  tradeName: 'Rádio Exemplo',
  cnpj: '',
  page: 'radioexemplo.com.br',
  nameOwner: 'Ana',
  emailOwner: 'ana@example.com',
  telefone: '',
  band: 'FM',
  frequency: '98,9 MHz',
  power: '10 kW',
  state: 'Paraná',
  city: 'Curitiba',
};

const LABELS: Record<Exclude<FreeStreamingField, 'band'>, RegExp> = {
  company: /^Razão social/,
  tradeName: /^Nome fantasia/,
  cnpj: /^CNPJ/,
  page: /^Site da empresa/,
  nameOwner: /^Nome do proprietário/,
  emailOwner: /^E-mail/,
  telefone: /^Telefone/,
  frequency: /^Frequência/,
  power: /^Potência/,
  state: /^Estado/,
  city: /^Cidade/,
};

async function fill(user: User, dialog: HTMLElement, values: Partial<FreeStreamingValues>) {
  for (const [field, value] of Object.entries(values) as [FreeStreamingField, string?][]) {
    if (value === undefined) continue;
    if (field === 'band') {
      await user.selectOptions(band(dialog), value);
      continue;
    }
    const input = box(dialog, LABELS[field]);
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

async function send(user: User, dialog: HTMLElement) {
  act(() => toast.clear());
  await user.click(submit(dialog));
}

beforeEach(() => act(() => toast.clear()));
afterEach(() => act(() => toast.clear()));

describe('the free-streaming request', () => {
  it('FS-01: opened from /afiliadas, an empty submit shows only the razão social toast', async () => {
    mockApi({});
    render(
      <Routes>
        <Route path="/afiliadas" element={<AffiliatesPage />} />
      </Routes>,
      { route: '/afiliadas' },
    );
    const user = userEvent.setup();
    const dialog = await open(user);
    await user.click(submit(dialog));
    await waitFor(() => expect(errorToasts()).toEqual([M.company]));
    expect(M.company).toBe('A razão social é um campo obrigatório');
    expect(box(dialog, LABELS.company)).toHaveAttribute('aria-invalid', 'true');
    expect(box(dialog, LABELS.company)).toHaveFocus();

    // A second try replaces the toast instead of piling them up.
    await user.click(submit(dialog));
    await waitFor(() => expect(errorToasts()).toEqual([M.company]));
  });

  it('G26: /anuncie-conosco opens it too', async () => {
    mockApi({});
    render(<AdvertisePage openUrl={() => undefined} />);
    const user = userEvent.setup();
    expect(await open(user)).toBeVisible();
  });

  it('runs the checks in the spec order, one toast each (doc2 §5)', async () => {
    const sent: SentRequest[] = [];
    renderCallout({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    const dialog = await open(user);
    const steps: [FreeStreamingField, string, string][] = [
      ['company', VALID.company, M.tradeName],
      ['tradeName', VALID.tradeName, M.page],
      ['page', VALID.page, M.nameOwner],
      ['nameOwner', VALID.nameOwner, M.emailOwner],
      ['emailOwner', VALID.emailOwner, M.band],
      ['band', 'FM', M.frequency],
      ['frequency', VALID.frequency, M.power],
      ['power', VALID.power, M.state],
      ['state', VALID.state, M.city],
    ];
    for (const [field, value, next] of steps) {
      await fill(user, dialog, { [field]: value });
      await send(user, dialog);
      await waitFor(() => expect(errorToasts(), field).toEqual([next]));
    }
    expect(sent).toHaveLength(0);
  });

  it('FS-02: an invalid CNPJ; a valid one passes (mask 99.999.999/9999-99)', async () => {
    renderCallout({ [SEND]: acceptingEndpoint([]) });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, VALID);
    await fill(user, dialog, { cnpj: '11222333000182' });
    expect(box(dialog, LABELS.cnpj)).toHaveValue('11.222.333/0001-82');
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([M.cnpj]));
    await fill(user, dialog, { cnpj: VALID_CNPJ_DIGITS });
    await send(user, dialog);
    expect(await within(dialog).findByText(SENT)).toBeVisible();
  });

  it("FS-03: owner 'A' is refused, 'Ana' passes; e-mail 'a@b' or 41 characters is refused", async () => {
    renderCallout({ [SEND]: acceptingEndpoint([]) });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, { ...VALID, nameOwner: 'A' });
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([M.nameOwner]));
    expect(M.nameOwner).toBe(
      'O nome do proprietário deve ter no mínimo 2 e no máximo 30 carateres',
    );

    for (const email of ['a@b', `${'a'.repeat(29)}@example.com`]) {
      await fill(user, dialog, { nameOwner: 'Ana', emailOwner: email });
      await send(user, dialog);
      await waitFor(() => expect(errorToasts()).toEqual([M.emailOwner]));
    }
  });

  it("FS-04: telefone '(11) 9876-543' is refused; '(11) 3456-7890' and empty pass", async () => {
    const sent: SentRequest[] = [];
    renderCallout({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, { ...VALID, telefone: '119876543' });
    expect(box(dialog, LABELS.telefone)).toHaveValue('(11) 9876-543');
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([M.telefone]));

    await fill(user, dialog, { telefone: '1134567890' });
    expect(box(dialog, LABELS.telefone)).toHaveValue('(11) 3456-7890');
    await send(user, dialog);
    await within(dialog).findByText(SENT);
    await waitFor(() => expect(errorToasts()).toEqual([]));
    expect(sent[0]?.body).toMatchObject({ telefone: '(11) 3456-7890', cnpj: null });
  });

  it('FS-05: band, frequency, power, state and city left empty one at a time', async () => {
    renderCallout({ [SEND]: acceptingEndpoint([]) });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, { ...VALID, band: undefined });
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([M.band]));
    // The band is a select: it is empty until one is chosen.
    await fill(user, dialog, { ...VALID, band: 'FM' });
    expect(
      within(band(dialog))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione', 'FM', 'AM', 'OM/OC']);
    for (const [field, message] of [
      ['frequency', M.frequency],
      ['power', M.power],
      ['state', M.state],
      ['city', M.city],
    ] as const) {
      await fill(user, dialog, { [field]: '' });
      await send(user, dialog);
      await waitFor(() => expect(errorToasts(), field).toEqual([message]));
      await fill(user, dialog, { [field]: VALID[field] });
    }
    expect([M.band, M.frequency, M.power, M.state, M.city]).toEqual([
      'A faixa de Operação é um campo obrigatório',
      'A frequência é um campo obrigatório',
      'A potência/classe é um campo obrigatório',
      'O Estado é um campo obrigatório',
      'A cidade é um campo obrigatório',
    ]);
  });

  it("FS-06: 'enviando ...', then 'Enviado' (disabled) with the success text; the body", async () => {
    const pending = pendingEndpoint();
    const fetchMock = renderCallout({ [SEND]: pending.endpoint });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, { ...VALID, cnpj: VALID_CNPJ_DIGITS, telefone: '11987654321' });
    await send(user, dialog);
    expect(submit(dialog)).toHaveTextContent(FORM_TEXTS.freeStreamingSending);
    expect(submit(dialog)).toBeDisabled();
    expect(box(dialog, LABELS.company)).toBeDisabled();
    pending.release();
    expect(await within(dialog).findByText(SENT)).toBeVisible();
    expect(submit(dialog)).toHaveTextContent(FORM_TEXTS.freeStreamingSent);
    expect(submit(dialog)).toBeDisabled();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(SEND));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      company: 'Rádio Exemplo Ltda',
      tradeName: 'Rádio Exemplo',
      cnpj: '11.222.333/0001-81',
      page: 'radioexemplo.com.br',
      nameOwner: 'Ana',
      emailOwner: 'ana@example.com',
      telefone: '(11) 98765-4321',
      band: 'FM',
      frequency: '98,9 MHz',
      power: '10 kW',
      state: 'Paraná',
      city: 'Curitiba',
    });

    // Closed and opened again: still sent.
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await open(user);
    expect(submit(again)).toHaveTextContent(FORM_TEXTS.freeStreamingSent);
  });

  it("a refusal shows the server's message; a network failure the communication message", async () => {
    const refusal = 'O CNPJ informado é inválido';
    renderCallout({ [SEND]: refusingEndpoint(refusal) });
    const user = userEvent.setup();
    const dialog = await open(user);
    await fill(user, dialog, VALID);
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([refusal]));
    expect(submit(dialog)).toBeEnabled();
    expect(submit(dialog)).toHaveTextContent('Enviar solicitação');

    mockApi({ [SEND]: unreachableEndpoint() });
    await send(user, dialog);
    await waitFor(() => expect(errorToasts()).toEqual([FORM_TEXTS.communication]));
    expect(box(dialog, LABELS.company)).toBeEnabled();
  });
});
