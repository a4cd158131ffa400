import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, Route, Routes } from '@/lib/router';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { mockApi, TEST_STATION, type ApiHandlers } from '@/test/api-mock';
import { act, render, screen, userEvent, within } from '@/test/render';
import { ContactPage } from './ContactPage';
import { CONTACT_PATH, FORM_TEXTS } from './forms-texts';
import {
  acceptingEndpoint,
  LISTENER,
  pendingEndpoint,
  refusingEndpoint,
  unreachableEndpoint,
  type SentRequest,
} from './testing/fixtures';
import { FORM_MESSAGES } from './validation';

const SEND = '/api/v1/contact/sendMessage';
/** contact.02 and G27, word for word. */
const SENT = 'Sua mensagem foi enviada! Retornaremos em breve :)';
const COMMERCIAL_TEXT = 'Olá! Tenho interesse em anunciar. Por favor, entrem em contato.';

const STATION_WITH_CHANNELS = {
  ...TEST_STATION,
  supportChatUrl: 'https://wa.me/5511999991975',
  social: [
    ...TEST_STATION.social,
    { network: 'skype', label: 'Skype', url: 'skype:radioteste?chat' },
  ],
};

function renderPage(route = CONTACT_PATH, handlers: ApiHandlers = {}) {
  mockApi({ '/api/v1/station': STATION_WITH_CHANNELS, ...handlers });
  return render(
    <Routes>
      <Route path={CONTACT_PATH} element={<ContactPage />} />
    </Routes>,
    { route },
  );
}

const subject = () => screen.getByRole('combobox', { name: /Assunto/ });
const box = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Enviar mensagem' });

async function fillValid(user: ReturnType<typeof userEvent.setup>, { withSubject = true } = {}) {
  await user.type(box(/^Nome/), 'Ana');
  await user.type(box(/^E-mail/), 'ana@example.com');
  await user.type(box(/^Mensagem/), 'Olá');
  if (withSubject) await user.selectOptions(subject(), 'Geral');
}

beforeEach(() => resetSession());
afterEach(() => {
  resetSession();
  act(() => toast.clear());
});

describe('/contato', () => {
  it('CT-01: the seven subjects (ids 1..7), listener and commercial phones, WhatsApp and Skype', async () => {
    renderPage();
    const options = within(subject())
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled);
    expect(
      options.map((option) => [option.textContent, (option as HTMLOptionElement).value]),
    ).toEqual([
      ['Geral', '1'],
      ['Comercial', '2'],
      ['RH', '3'],
      ['Promoções', '4'],
      ['Relatar um problema', '5'],
      ['Jornalismo', '6'],
      ['Programação musical', '7'],
    ]);
    const channels = await screen.findByTestId('contact-channels');
    expect(
      await within(channels).findByRole('link', { name: TEST_STATION.supportPhone }),
    ).toHaveAttribute('href', 'tel:08000001975');
    expect(within(channels).getByText('Atendimento ao ouvinte')).toBeVisible();
    expect(
      within(channels).getByRole('link', { name: TEST_STATION.corporatePhone }),
    ).toHaveAttribute('href', 'tel:1130000000');
    expect(within(channels).getByText('Comercial')).toBeVisible();
    expect(within(channels).getByRole('link', { name: 'Conversar pelo WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511999991975',
    );
    expect(within(channels).getByRole('link', { name: 'Falar pelo Skype' })).toHaveAttribute(
      'href',
      'skype:radioteste?chat',
    );
  });

  it('CT-02: a valid name, e-mail and text without a subject keep submit disabled', async () => {
    renderPage();
    const user = userEvent.setup();
    expect(submit()).toBeDisabled();
    expect(screen.getByTestId('contact-required')).toHaveTextContent(
      FORM_MESSAGES.contact.required,
    );
    await fillValid(user, { withSubject: false });
    expect(submit()).toBeDisabled();
    expect(screen.getByTestId('contact-required')).toBeVisible();
  });

  it('CT-03: Ana, a valid e-mail, Olá and Geral with empty tel/city/state enable submit (C13)', async () => {
    renderPage();
    const user = userEvent.setup();
    await fillValid(user);
    expect(submit()).toBeEnabled();
    expect(screen.queryByTestId('contact-required')).not.toBeInTheDocument();
  });

  it("CT-04: the phone mask; state 'SPX' or name 'A1' disable submit", async () => {
    renderPage();
    const user = userEvent.setup();
    await fillValid(user);
    await user.type(box(/^Telefone/), '11987654321');
    expect(box(/^Telefone/)).toHaveValue('(11) 98765-4321');
    expect(submit()).toBeEnabled();

    await user.type(box(/^Estado/), 'spx');
    expect(box(/^Estado/)).toHaveValue('SPX');
    expect(submit()).toBeDisabled();
    expect(box(/^Estado/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(box(/^Estado/), '{Backspace}');
    expect(submit()).toBeEnabled();

    await user.clear(box(/^Nome/));
    await user.type(box(/^Nome/), 'A1');
    expect(submit()).toBeDisabled();
    expect(box(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('CT-05: ?assunto=comercial presets Comercial and the text (G27)', () => {
    renderPage('/contato?assunto=comercial');
    expect(subject()).toHaveValue('2');
    expect(box(/^Mensagem/)).toHaveValue(COMMERCIAL_TEXT);
  });

  it('G27: ?subject=comercial is accepted too; other subjects preset nothing', async () => {
    const first = renderPage('/contato?subject=comercial');
    expect(subject()).toHaveValue('2');
    first.unmount();
    renderPage('/contato?assunto=rh');
    expect(subject()).toHaveValue('');
    expect(box(/^Mensagem/)).toHaveValue('');
  });

  it('G27: a link to ?assunto=comercial followed while on /contato presets the subject too', async () => {
    mockApi({ '/api/v1/station': STATION_WITH_CHANNELS });
    render(
      <>
        <Link to="/contato?assunto=comercial">Anuncie</Link>
        <Routes>
          <Route path={CONTACT_PATH} element={<ContactPage />} />
        </Routes>
      </>,
      { route: CONTACT_PATH },
    );
    expect(subject()).toHaveValue('');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Anuncie' }));
    expect(subject()).toHaveValue('2');
    expect(box(/^Mensagem/)).toHaveValue(COMMERCIAL_TEXT);
  });

  it('CT-06: success shows its text and disables the form; the body carries the session user (S15)', async () => {
    const sent: SentRequest[] = [];
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage(CONTACT_PATH, {
      [SEND]: acceptingEndpoint(sent),
    });
    const user = userEvent.setup();
    await fillValid(user);
    await user.type(box(/^Telefone/), '1134567890');
    await user.type(box(/^Cidade/), ' Curitiba ');
    await user.type(box(/^Estado/), 'pr');
    await user.click(submit());

    expect(await screen.findByText(SENT)).toBeVisible();
    expect(box(/^Nome/)).toBeDisabled();
    expect(subject()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: {
          name: 'Ana',
          email: 'ana@example.com',
          tel: '(11) 3456-7890',
          city: 'Curitiba',
          state: 'PR',
          text: 'Olá',
          categoryId: 1,
          userId: LISTENER.userId,
        },
        authorization: 'Bearer tok',
      },
    ]);
  });

  it('CT-06: submit is disabled while sending; an anonymous sender sends no userId', async () => {
    const pending = pendingEndpoint();
    act(() => setSession(null));
    const fetchMock = mockApi({
      '/api/v1/station': STATION_WITH_CHANNELS,
      [SEND]: pending.endpoint,
    });
    render(
      <Routes>
        <Route path={CONTACT_PATH} element={<ContactPage />} />
      </Routes>,
      { route: CONTACT_PATH },
    );
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(box(/^Nome/)).toBeDisabled();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(SEND));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ categoryId: 1 });
    expect(body).not.toHaveProperty('userId');
    pending.release();
    expect(await screen.findByText(SENT)).toBeVisible();
  });

  it('CT-06: a network failure shows the communication message and the form stays editable', async () => {
    renderPage(CONTACT_PATH, { [SEND]: unreachableEndpoint() });
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText(FORM_TEXTS.communication)).toBeVisible();
    expect(box(/^Nome/)).toBeEnabled();
    expect(submit()).toBeEnabled();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it("a refusal shows the server's message (doc2 §8)", async () => {
    renderPage(CONTACT_PATH, {
      [SEND]: refusingEndpoint('Preencha todos os campos para enviar sua mensagem.'),
    });
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    expect(
      await screen.findByText('Preencha todos os campos para enviar sua mensagem.', {
        selector: '[role="alert"] *',
      }),
    ).toBeVisible();
    expect(submit()).toBeEnabled();
  });
});
