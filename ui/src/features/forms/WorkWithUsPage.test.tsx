import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { mockApi, rawReply, type ApiHandlers } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor } from '@/test/render';
import { FORM_TEXTS, WORK_WITH_US_PATH } from './forms-texts';
import { FakeXhr, installFakeXhr, lastUpload } from './testing/fake-xhr';
import {
  acceptingEndpoint,
  file,
  refusingEndpoint,
  unreachableEndpoint,
  type SentRequest,
} from './testing/fixtures';
import { FORM_LIMITS } from './validation';
import { WorkWithUsPage } from './WorkWithUsPage';

const SEND = '/api/v1/workWithUs/sendCurriculum';
const UPLOAD = '/api/v1/workWithUs/uploadCurriculum';
/** workwithus.02, word for word ('Agradeçemos' is the spec's). */
const SENT =
  'Agradeçemos o contato. Sua mensagem foi enviada com sucesso e retornaremos o mais breve possível :)';

function renderPage(handlers: ApiHandlers = {}) {
  const fetchMock = mockApi(handlers);
  render(
    <Routes>
      <Route path={WORK_WITH_US_PATH} element={<WorkWithUsPage />} />
    </Routes>,
    { route: WORK_WITH_US_PATH },
  );
  return fetchMock;
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: /Enviar currículo|ENVIANDO/ });
const fileInput = () => screen.getByTestId('curriculum-input') as HTMLInputElement;

const VALID = {
  name: 'Ana',
  lastName: 'Souza',
  telefone: '11987654321',
  email: 'ana@example.com',
  textoCargo: 'Produtora',
  aboutYou: 'Trabalho com rádio há dez anos.',
};

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides = {}) {
  const v = { ...VALID, ...overrides };
  const fields: [RegExp, string][] = [
    [/^Nome/, v.name],
    [/^Sobrenome/, v.lastName],
    [/^Telefone/, v.telefone],
    [/^E-mail/, v.email],
    [/^Cargo pretendido/, v.textoCargo],
    [/^Fale sobre você/, v.aboutYou],
  ];
  for (const [name, value] of fields) {
    await user.clear(box(name));
    await user.click(box(name));
    await user.paste(value);
  }
}

beforeEach(() => {
  resetSession();
  installFakeXhr();
});

afterEach(() => {
  resetSession();
  act(() => toast.clear());
});

describe('/trabalhe-conosco', () => {
  it('WK-01: every field valid but no file keeps submit disabled; a PDF enables it', async () => {
    renderPage();
    const user = userEvent.setup();
    await fillValid(user);
    expect(box(/^Telefone/)).toHaveValue('(11) 98765-4321');
    expect(submit()).toBeDisabled();
    expect(screen.getByTestId('curriculum-missing')).toHaveTextContent('Anexe o seu currículo');
    await user.upload(fileInput(), file('curriculo.pdf', 120_000));
    expect(screen.getByText('curriculo.pdf')).toBeVisible();
    expect(screen.queryByTestId('curriculum-missing')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    // Removing the file disables it again.
    await user.click(screen.getByRole('button', { name: 'Remover o arquivo' }));
    expect(submit()).toBeDisabled();
  });

  it('WK-02: a 21-character name, a 31-character e-mail or a 51-character job disable submit', async () => {
    renderPage();
    const user = userEvent.setup();
    await fillValid(user);
    await user.upload(fileInput(), file('cv.docx', 5000));
    expect(submit()).toBeEnabled();

    for (const [field, bad, good] of [
      [/^Nome/, 'a'.repeat(21), 'a'.repeat(20)],
      [/^E-mail/, `${'a'.repeat(19)}@example.com`, `${'a'.repeat(18)}@example.com`],
      [/^Cargo pretendido/, 'x'.repeat(51), 'x'.repeat(50)],
    ] as const) {
      await user.clear(box(field));
      await user.click(box(field));
      await user.paste(bad);
      expect(submit()).toBeDisabled();
      expect(box(field)).toHaveAttribute('aria-invalid', 'true');
      await user.clear(box(field));
      await user.paste(good);
      expect(submit()).toBeEnabled();
    }
  });

  it('G24: a file of another type or above 5 MB gets a quick message and is not attached', async () => {
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    await fillValid(user);
    await user.upload(fileInput(), file('foto.png', 1000, 'image/png'));
    expect(screen.getByTestId('curriculum-problem')).toHaveTextContent(
      'O currículo deve ser um arquivo PDF, DOC ou DOCX',
    );
    expect(submit()).toBeDisabled();

    await user.upload(fileInput(), file('cv.pdf', FORM_LIMITS.work.curriculumMaxBytes + 1));
    expect(screen.getByTestId('curriculum-problem')).toHaveTextContent(
      'O currículo deve ter no máximo 5 MB',
    );
    expect(submit()).toBeDisabled();

    await user.upload(fileInput(), file('cv.pdf', FORM_LIMITS.work.curriculumMaxBytes));
    expect(screen.queryByTestId('curriculum-problem')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it("WK-04: uploads first ('ENVIANDO' with progress), then sends with the reference; success disables the form", async () => {
    const sent: SentRequest[] = [];
    renderPage({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    await fillValid(user, { name: ' Ana ' });
    const cv = file('curriculo.pdf', 120_000);
    await user.upload(fileInput(), cv);
    await user.click(submit());

    // The upload: multipart field `file`, to our own server.
    const upload = lastUpload();
    expect(upload.method).toBe('POST');
    expect(new URL(upload.url, 'http://localhost').pathname).toBe(UPLOAD);
    expect(upload.file?.name).toBe('curriculo.pdf');
    expect(upload.file?.type).toBe(cv.type);
    expect(upload.withCredentials).toBe(true);
    expect(submit()).toHaveTextContent(FORM_TEXTS.workSending);
    expect(submit()).toBeDisabled();
    expect(box(/^Nome/)).toBeDisabled();
    expect(sent).toHaveLength(0);

    act(() => upload.progress(45, 100));
    expect(screen.getByTestId('curriculum-progress')).toHaveTextContent('45%');
    expect(screen.getByRole('progressbar', { name: 'Envio do currículo' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );

    act(() => upload.succeed('a1b2c3d4.pdf'));
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(sent).toEqual([
      {
        body: {
          name: 'Ana',
          lastName: 'Souza',
          telefone: '(11) 98765-4321',
          email: 'ana@example.com',
          textoCargo: 'Produtora',
          aboutYou: 'Trabalho com rádio há dez anos.',
          curriculum: 'a1b2c3d4.pdf',
        },
        authorization: null,
      },
    ]);
    expect(
      screen.queryByRole('button', { name: /Enviar currículo|ENVIANDO/ }),
    ).not.toBeInTheDocument();
    expect(box(/^Nome/)).toBeDisabled();
    expect(box(/^Fale sobre você/)).toBeDisabled();
    expect(fileInput()).toBeDisabled();
    expect(screen.queryByTestId('curriculum-progress')).not.toBeInTheDocument();
  });

  it('WK-05: a refused send shows the communication message and the form is editable again; the retry reuses the upload', async () => {
    let refuse = true;
    const sent: SentRequest[] = [];
    const accepting = acceptingEndpoint(sent);
    const refusing = refusingEndpoint('invalid curriculum');
    renderPage({
      [SEND]: rawReply((url, init) =>
        refuse ? refusing.respond(url, init) : accepting.respond(url, init),
      ),
    });
    const user = userEvent.setup();
    await fillValid(user);
    await user.upload(fileInput(), file('cv.pdf', 1000));
    await user.click(submit());
    act(() => lastUpload().succeed('stored.pdf'));

    expect(await screen.findByText(FORM_TEXTS.communication)).toBeVisible();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(box(/^Nome/)).toBeEnabled();
    expect(submit()).toHaveTextContent('Enviar currículo');
    expect(submit()).toBeEnabled();

    refuse = false;
    await user.click(submit());
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(FakeXhr.requests).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ curriculum: 'stored.pdf' });
  });

  it('WK-05: a failed upload (network or refusal) shows the communication message and sends nothing', async () => {
    const fetchMock = renderPage({ [SEND]: unreachableEndpoint() });
    const user = userEvent.setup();
    await fillValid(user);
    await user.upload(fileInput(), file('cv.pdf', 1000));
    await user.click(submit());
    act(() => lastUpload().failNetwork());
    expect(await screen.findByText(FORM_TEXTS.communication)).toBeVisible();
    expect(box(/^Nome/)).toBeEnabled();
    expect(submit()).toBeEnabled();

    await user.click(submit());
    act(() =>
      lastUpload().respond(415, { status: 415, message: 'unsupported file type', data: null }),
    );
    await waitFor(() => expect(submit()).toHaveTextContent('Enviar currículo'));
    expect(FakeXhr.requests).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(SEND))).toBe(false);
  });

  it('a network failure of the send shows the communication message', async () => {
    renderPage({ [SEND]: unreachableEndpoint() });
    const user = userEvent.setup();
    await fillValid(user);
    await user.upload(fileInput(), file('cv.doc', 1000));
    await user.click(submit());
    act(() => lastUpload().succeed('x.doc'));
    expect(await screen.findByText(FORM_TEXTS.communication)).toBeVisible();
    expect(submit()).toBeEnabled();
  });
});
