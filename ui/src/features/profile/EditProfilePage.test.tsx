import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import {
  CONFIRMED_USER,
  deferred,
  mockAccountApi,
  ok,
  refuse,
  type Envelope,
} from '@/features/auth/test-account-api';
import { LOGOUT_AFTER_DELETE_MS, LOGOUT_AFTER_PASSWORD_CHANGE_MS } from '@/lib/constants';
import { getSession, resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, fireEvent, renderRoute, screen, waitFor, within } from '@/test/render';

const USER = {
  ...CONFIRMED_USER,
  name: 'Maria',
  lastName: 'Souza',
  email: 'maria@example.com',
  cpf: '52998224725',
  birthday: '1990-05-20',
  gender: 'FEMININO' as const,
  telefone: '11987654321',
  cep: '01000000',
  stateId: 26,
  cityId: 3550308,
  district: 'Centro',
  street: 'Rua A',
  streetNumber: '10',
};

const STATES = [
  { stateId: 26, stateName: 'São Paulo' },
  { stateId: 18, stateName: 'Paraná' },
];
const CITIES: Record<string, { cityId: number; cityName: string }[]> = {
  '26': [{ cityId: 3550308, cityName: 'São Paulo' }],
  '18': [{ cityId: 4106902, cityName: 'Curitiba' }],
};

function api(
  extra: Record<string, Envelope | ((body: unknown) => Envelope | Promise<Envelope>)> = {},
) {
  const handlers: Record<string, Envelope | ((body: unknown) => Envelope | Promise<Envelope>)> = {
    '/api/v1/profile/getProfile': ok(USER),
    '/api/v1/profile/getStates': ok(STATES),
    '/api/v1/profile/getCitiesByState/26': ok(CITIES['26']),
    '/api/v1/profile/getCitiesByState/18': ok(CITIES['18']),
    '/api/v1/profile/logout': ok(null, 'logged out'),
    ...extra,
  };
  return mockAccountApi(handlers);
}

async function openPage() {
  setSession({ user: USER });
  const result = renderRoute('/perfil/editar-perfil');
  await screen.findByTestId('profile-form');
  return result;
}

/** The input labelled `label` (a Select's listbox carries the same label). */
function input(label: string): HTMLElement {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input labelled ${label}`);
  return found;
}

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetSession();
  resetLoginModal();
});

describe('/perfil/editar-perfil', () => {
  it("shows 'Dados Pessoais' with every field, a read-only e-mail and 'Salvar' (PF-01)", async () => {
    api();
    await openPage();
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    for (const label of [
      'Nome',
      'Sobrenome',
      'CPF',
      'Data de nascimento',
      'Telefone',
      'CEP',
      'Estado',
      'Cidade',
      'Bairro',
      'Endereço',
      'Número',
      'Complemento',
    ])
      expect(input(label)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria@example.com');
    expect(screen.getByRole('radio', { name: 'Feminino' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Masculino' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /newsletter/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    // Masked values from the stored user.
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    expect(screen.getByLabelText('CEP')).toHaveValue('01000-000');
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('20/05/1990');
  });

  it('masks what is typed', async () => {
    api();
    await openPage();
    type('CPF', '11144477735');
    expect(screen.getByLabelText('CPF')).toHaveValue('111.444.777-35');
    type('CEP', '80000123');
    expect(screen.getByLabelText('CEP')).toHaveValue('80000-123');
    type('Telefone', '4130001975');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(41) 3000-1975');
    type('Data de nascimento', '01021990');
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('01/02/1990');
    type('Número', '12a3');
    expect(screen.getByLabelText('Número')).toHaveValue('123');
  });

  it('without a session: no form, the login modal opens with a notice; the form after login (PF-02, G12)', async () => {
    api({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    renderRoute('/perfil/editar-perfil');
    await waitFor(() => expect(getLoginModalState().opened).toBe(true));
    expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Faça o login para editar o seu perfil.')).toBeInTheDocument();
    act(() => setSession({ user: USER }));
    expect(await screen.findByTestId('profile-form')).toBeInTheDocument();
  });

  it("'Não há alterações realizadas' when nothing changed", async () => {
    const calls = api();
    await openPage();
    save();
    expect(await screen.findByText('Não há alterações realizadas')).toBeInTheDocument();
    expect(calls.callsTo('profile/updateProfile')).toHaveLength(0);
  });

  it('every failing field shows its message; the first is toasted (PF-06, G16)', async () => {
    const calls = api();
    await openPage();
    type('Nome', ' A ');
    type('Sobrenome', 'B');
    type('CEP', '1234567');
    type('Bairro', 'AB');
    type('Endereço', 'x'.repeat(61));
    type('Complemento', 'x'.repeat(31));
    type('Número', '123456');
    type('Telefone', '119876543');
    save();
    const messages = [
      'O nome deve ter no mínimo 2 e no máximo 30 carateres',
      'O sobrenome deve ter no mínimo 2 e no máximo 30 carateres',
      'O CEP informado é inválido',
      'O bairro deve ter no mínimo 3 e no máximo 30 carateres',
      'O endereço deve ter no mínimo 3 e no máximo 60 carateres',
      'O complemento deve ter no máximo 30 carateres',
      'O número do endereço deve ter no máximo 5 dígitos',
      'O telefone informado é inválido',
    ];
    for (const message of messages)
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    // Inline under the field, plus the first one as a toast.
    expect(screen.getAllByText(messages[0] ?? '')).toHaveLength(2);
    expect(calls.callsTo('profile/updateProfile')).toHaveLength(0);
  });

  it('birth date: 3 or 111 years refused, 30 accepted (PF-05)', async () => {
    vi.setSystemTime(new Date('2026-06-15T15:00:00Z'));
    const calls = api({ '/api/v1/profile/updateProfile': ok({ user: USER }, 'profile updated') });
    await openPage();
    const bad = 'A data de nascimento informado é inválido';
    type('Data de nascimento', '16/06/2023');
    save();
    expect((await screen.findAllByText(bad)).length).toBeGreaterThan(0);
    type('Data de nascimento', '14/06/1915');
    save();
    expect((await screen.findAllByText(bad)).length).toBeGreaterThan(0);
    type('Data de nascimento', '15/06/1996');
    save();
    await waitFor(() => expect(calls.callsTo('profile/updateProfile')).toHaveLength(1));
    expect(
      (calls.callsTo('profile/updateProfile')[0]?.body as { user: { birthday: string } }).user
        .birthday,
    ).toBe('1996-06-15');
    vi.useRealTimers();
  });

  it("a valid change: 'Dados atualizados com sucesso!' and the stored user from the reply (PF-09)", async () => {
    const calls = api({
      '/api/v1/profile/updateProfile': ok({ user: { ...USER, district: 'Jardins' } }, 'ok'),
    });
    await openPage();
    type('Bairro', 'Jardins');
    save();
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeInTheDocument();
    expect(getSession()?.user.district).toBe('Jardins');
    const body = calls.callsTo('profile/updateProfile')[0]?.body as {
      user: Record<string, unknown>;
      password: unknown;
    };
    expect(body.password).toBe(false);
    expect(body.user).toMatchObject({
      name: 'Maria',
      district: 'Jardins',
      cpf: '529.982.247-25',
      cep: '01000-000',
      telefone: '(11) 98765-4321',
      gender: 'FEMININO',
      stateId: 26,
      cityId: 3550308,
    });
    expect(body.user).not.toHaveProperty('email');
  });

  it.each([
    ['wrong password', 'Senha atual inválida.'],
    ['cpf already registered', 'CPF já cadastrado em nossos servidores. Tente outro CPF.'],
    ['boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
  ])('updateProfile %j → %j', async (message, text) => {
    api({ '/api/v1/profile/updateProfile': refuse(message) });
    await openPage();
    type('Bairro', 'Jardins');
    save();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('the same CPF error on every Salvar is one toast, not a pile', async () => {
    const calls = api();
    await openPage();
    type('CPF', '11111111111');
    const cpf = 'O CPF informado é inválido';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      save();
      expect(await screen.findByRole('alert')).toHaveTextContent(cpf);
    }
    // The inline error under the field, and one toast.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getAllByText(cpf)).toHaveLength(2);
    expect(calls.callsTo('profile/updateProfile')).toHaveLength(0);
  });

  it('a 401 on save clears the session with the authentication problem (G11)', async () => {
    api({ '/api/v1/profile/updateProfile': refuse('unauthorized', 401) });
    await openPage();
    type('Bairro', 'Jardins');
    save();
    expect(
      await screen.findByText(
        'Problema na authenticação. Tente logar de novo ou entre em contato se o problema persiste.',
      ),
    ).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it("'Alterar senha': current, new and confirmation with a warning; the rules (PF-07, C32)", async () => {
    api();
    await openPage();
    expect(screen.queryByLabelText('Senha atual')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByLabelText('Senha atual')).toBeInTheDocument();
    expect(screen.getByText(/você será desconectado/)).toBeInTheDocument();
    type('Nova senha', '12345');
    type('Confirme a nova senha', '54321');
    save();
    expect(
      (await screen.findAllByText('A senha deve ter no mínimo 6 carateres')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('As senhas estão diferentes')).toBeInTheDocument();
  });

  it('a password change: its message, then logout 3 s later', async () => {
    vi.useFakeTimers();
    const calls = api({ '/api/v1/profile/updateProfile': ok({ user: USER }, 'profile updated') });
    setSession({ user: USER });
    renderRoute('/perfil/editar-perfil');
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    type('Senha atual', 'antiga1');
    type('Nova senha', 'nova123');
    type('Confirme a nova senha', 'nova123');
    save();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByText('Sua senha foi atualizada com sucesso! Por favor efetue o login novamente.'),
    ).toBeInTheDocument();
    const body = calls.callsTo('profile/updateProfile')[0]?.body as {
      user: { newPassword: string };
      password: string;
    };
    expect(body.password).toBe('antiga1');
    expect(body.user.newPassword).toBe('nova123');
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_AFTER_PASSWORD_CHANGE_MS - 1));
    expect(getSession()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getSession()).toBeNull();
    expect(calls.callsTo('profile/logout')).toHaveLength(1);
    // The page asks to log in again.
    expect(getLoginModalState().opened).toBe(true);
  });

  it("a state change clears the city and shows 'Carregando, aguarde ...' while loading (PF-08)", async () => {
    const cities = deferred<Envelope>();
    const calls = api({ '/api/v1/profile/getCitiesByState/18': () => cities.promise });
    await openPage();
    await waitFor(() => expect(input('Cidade')).toHaveValue('São Paulo'));
    fireEvent.click(input('Estado'));
    fireEvent.click(await screen.findByRole('option', { name: 'Paraná' }));
    await waitFor(() =>
      expect(input('Cidade')).toHaveAttribute('placeholder', 'Carregando, aguarde ...'),
    );
    expect(input('Cidade')).toHaveValue('');
    expect(calls.callsTo('profile/getCitiesByState/18')).toHaveLength(1);
    await act(async () => cities.resolve(ok(CITIES['18'])));
    await waitFor(() =>
      expect(input('Cidade')).toHaveAttribute('placeholder', 'Selecione a cidade'),
    );
  });
});

describe("'Excluir Conta'", () => {
  async function openModal() {
    fireEvent.click(screen.getByRole('button', { name: 'Excluir conta' }));
    return screen.findByRole('dialog', { name: 'Excluir Conta' });
  }

  it("shows the permanence text with 'Voltar' and 'Excluir'; Escape and an outside click close it (PF-13)", async () => {
    api();
    await openPage();
    let dialog = await openModal();
    expect(within(dialog).getByText(/permanente/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openModal();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    fireEvent.mouseDown(overlay as Element);
    fireEvent.click(overlay as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletion: the message stays until Fechar; logout and / 1 s later (PF-15, C24)', async () => {
    vi.useFakeTimers();
    const calls = api({ '/api/v1/profile/deleteProfile': ok(null, 'profile deleted') });
    setSession({ user: USER });
    const { router } = renderRoute('/perfil/editar-perfil');
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir conta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.callsTo('profile/deleteProfile')[0]?.body).toEqual({
      userId: 7,
      email: 'maria@example.com',
    });
    const text =
      'Cadastro excluído. Para realizar o login, é necessário realizar o cadastro novamente.';
    expect(screen.getByText(text)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_AFTER_DELETE_MS - 1));
    expect(getSession()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    // Leaving for / does not ask to log in.
    expect(getLoginModalState().opened).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    [
      'active pro subscription',
      'Essa conta possui uma assinatura ativa. Entre em contato conosco para apagar o seu cadastro.',
    ],
    [
      'boom',
      'Ocorreu um erro ao tentar apagar sua conta. Tente novamente ou entre em contato conosco.',
    ],
  ])('deleteProfile %j → %j', async (message, text) => {
    api({ '/api/v1/profile/deleteProfile': refuse(message) });
    await openPage();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(getSession()).not.toBeNull();
  });
});
