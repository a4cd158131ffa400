import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_CONFIRM_EFFECT_DELAY_MS,
  LOGIN_EFFECT_DELAY_MS,
  LOGIN_UNCONFIRMED_JUMP_DELAY_MS,
} from '@/lib/constants';
import { getSession, resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '@/test/render';
import { LoginModal } from './LoginModal';
import { openLoginModal, resetLoginModal, type LoginScreen } from './login-modal-store';
import {
  CONFIRMED_USER,
  PENDING_USER,
  deferred,
  mockAccountApi,
  ok,
  refuse,
  type Envelope,
} from './test-account-api';

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetLoginModal();
  resetSession();
});

function show(screenName: LoginScreen = 'login', params = {}) {
  render(<LoginModal />);
  act(() => openLoginModal(screenName, params));
  return screen.getByRole('dialog');
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submitButton() {
  return screen.getByTestId('auth-submit');
}

describe('login screen', () => {
  it('empty fields: the message and no request (ID-01)', async () => {
    const api = mockAccountApi({});
    const user = userEvent.setup();
    show();
    await user.click(submitButton());
    expect(
      screen.getByText('Insere o seu email e a sua senha para fazer o login!'),
    ).toBeInTheDocument();
    expect(api.callsTo('profile/login')).toHaveLength(0);
  });

  it('success: welcome toast, modal closes, session 1000 ms later, then the profile (ID-03)', async () => {
    vi.useFakeTimers();
    const api = mockAccountApi({
      '/api/v1/profile/login': ok({ user: CONFIRMED_USER, token: 'tok' }),
      '/api/v1/profile/getProfile': ok({ ...CONFIRMED_USER, isPro: true }),
    });
    show();
    type('E-mail', 'jose@example.com');
    type('Senha', 'segredo');
    fireEvent.click(submitButton());
    await flush();
    expect(api.callsTo('profile/login')[0]?.body).toEqual({
      email: 'jose@example.com',
      password: 'segredo',
    });
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_EFFECT_DELAY_MS - 1));
    expect(getSession()).toBeNull();
    expect(api.callsTo('profile/getProfile')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(getSession()?.user.userId).toBe(7);
    expect(getSession()?.token).toBe('tok');
    await flush();
    expect(api.callsTo('profile/getProfile')).toHaveLength(1);
    // The desktop's bearer token goes along.
    expect(api.callsTo('profile/getProfile')[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(getSession()?.user.isPro).toBe(true);
  });

  it('unconfirmed e-mail: the error, then the confirm-email screen 1 s later (ID-05, C10)', async () => {
    vi.useFakeTimers();
    mockAccountApi({
      '/api/v1/profile/login': ok({ user: PENDING_USER }, 'unconfirmed e-mail'),
    });
    show();
    type('E-mail', 'novo@example.com');
    type('Senha', 'segredo');
    fireEvent.click(submitButton());
    await flush();
    expect(
      screen.getByText('Erro ao tentar efetuar o login. Verifique o e-mail e senha.'),
    ).toBeInTheDocument();
    expect(getSession()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_UNCONFIRMED_JUMP_DELAY_MS - 1));
    expect(screen.queryByLabelText('Código de confirmação')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByLabelText('Código de confirmação')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it.each([
    [
      'invalid email or password',
      'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
    ],
    ['user disabled', 'Usuário inativo. Por favor, entre em contato conosco.'],
    ['something else', 'Desculpe, algo deu errado! Tente novamente em alguns minutos.'],
  ])('server %j → %j (ID-04)', async (message, text) => {
    mockAccountApi({ '/api/v1/profile/login': refuse(message) });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText('E-mail'), 'jose@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(submitButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('submitting labels (C35, ID-19)', () => {
  async function pendingLabel(
    screenName: LoginScreen,
    path: string,
    fill: () => void,
    params = {},
  ) {
    const reply = deferred<Envelope>();
    mockAccountApi({ [path]: () => reply.promise });
    show(screenName, params);
    fill();
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());
    const label = submitButton().textContent;
    await act(async () => reply.resolve(refuse('x')));
    return label;
  }

  it('login → Entrando...', async () => {
    const label = await pendingLabel('login', '/api/v1/profile/login', () => {
      type('E-mail', 'a@b.co');
      type('Senha', 'segredo');
    });
    expect(label).toBe('Entrando...');
  });

  it('registerUser → Aguarde ...', async () => {
    const label = await pendingLabel('register', '/api/v1/profile/registerUser', () => {
      type('Nome', 'José da Silva');
      type('E-mail', 'a@b.co');
      type('Confirme o e-mail', 'a@b.co');
      type(/^Senha/, 'segredo');
      type('Confirme a senha', 'segredo');
    });
    expect(label).toBe('Aguarde ...');
  });

  it('confirmEmail → Validando...', async () => {
    const label = await pendingLabel(
      'confirmEmail',
      '/api/v1/profile/confirmEmail',
      () => type('Código de confirmação', '123456'),
      { userId: 8 },
    );
    expect(label).toBe('Validando...');
  });

  it('requestPasswordReset → Enviando...', async () => {
    const label = await pendingLabel(
      'requestPasswordReset',
      '/api/v1/profile/requestPasswordReset',
      () => type('E-mail', 'a@b.co'),
    );
    expect(label).toBe('Enviando...');
  });

  it('resetPassword → Aguarde...', async () => {
    const label = await pendingLabel(
      'resetPassword',
      '/api/v1/profile/resetPassword',
      () => {
        type('Nova senha', 'segredo');
        type('Confirme a nova senha', 'segredo');
      },
      { userId: 8, token: 't' },
    );
    expect(label).toBe('Aguarde...');
  });
});

describe('register screen (doc1 §5)', () => {
  it("invalid → disabled 'Preencha todos os campos corretamente'; touched fields get the error style (ID-07)", async () => {
    mockAccountApi({});
    show('register');
    const button = submitButton();
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Preencha todos os campos corretamente');
    const name = screen.getByLabelText('Nome');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    type('Nome', 'João3');
    fireEvent.blur(name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    type('Nome', 'Jo');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    type('Nome', 'José da Silva');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    type('E-mail', 'jose@example.com');
    type('Confirme o e-mail', 'outro@example.com');
    fireEvent.blur(screen.getByLabelText('Confirme o e-mail'));
    expect(screen.getByLabelText('Confirme o e-mail')).toHaveAttribute('aria-invalid', 'true');
    type(/^Senha/, 'segredo');
    type('Confirme a senha', 'segredo');
    expect(submitButton()).toBeDisabled();
    type('Confirme o e-mail', 'jose@example.com');
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Cadastrar');
    type(/^Senha/, '12345');
    type('Confirme a senha', '12345');
    expect(submitButton()).toBeDisabled();
  });

  it("success: 'Cadastro criado com sucesso!' and the confirm-email screen (ID-10)", async () => {
    const api = mockAccountApi({
      '/api/v1/profile/registerUser': ok({ user: PENDING_USER }, 'user registered'),
    });
    show('register');
    type('Nome', 'José da Silva');
    type('E-mail', 'novo@example.com');
    type('Confirme o e-mail', 'novo@example.com');
    type(/^Senha/, 'segredo');
    type('Confirme a senha', 'segredo');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Cadastro criado com sucesso!')).toBeInTheDocument();
    expect(await screen.findByLabelText('Código de confirmação')).toBeInTheDocument();
    expect(api.callsTo('profile/registerUser')[0]?.body).toEqual({
      name: 'José da Silva',
      email: 'novo@example.com',
      password: 'segredo',
    });
  });

  it("'email already registered' → its text (ID-09)", async () => {
    mockAccountApi({ '/api/v1/profile/registerUser': refuse('email already registered') });
    show('register');
    type('Nome', 'José da Silva');
    type('E-mail', 'jose@example.com');
    type('Confirme o e-mail', 'jose@example.com');
    type(/^Senha/, 'segredo');
    type('Confirme a senha', 'segredo');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Email já cadastrado no sistema. Por favor, efetue o login.'),
    ).toBeInTheDocument();
  });

  it('links to the privacy policy', () => {
    mockAccountApi({});
    show('register');
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/termos/privacidade',
    );
  });
});

describe('confirm-email screen', () => {
  it("'12345' → 'O código de confirmação tem 6 números' and no request (ID-11)", async () => {
    const api = mockAccountApi({});
    show('confirmEmail', { userId: 8 });
    type('Código de confirmação', '12345');
    fireEvent.click(submitButton());
    expect(await screen.findByText('O código de confirmação tem 6 números')).toBeInTheDocument();
    expect(api.callsTo('profile/confirmEmail')).toHaveLength(0);
  });

  it('success stores the user; token and profile 2.5 s later', async () => {
    vi.useFakeTimers();
    const api = mockAccountApi({
      '/api/v1/profile/confirmEmail': ok({ user: CONFIRMED_USER, token: 'tok2' }),
      '/api/v1/profile/getProfile': ok(CONFIRMED_USER),
    });
    show('confirmEmail', { userId: 7 });
    type('Código de confirmação', '123456');
    fireEvent.click(submitButton());
    await flush();
    expect(api.callsTo('profile/confirmEmail')[0]?.body).toEqual({ userId: 7, code: '123456' });
    expect(getSession()?.user.userId).toBe(7);
    expect(getSession()?.token).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(EMAIL_CONFIRM_EFFECT_DELAY_MS - 1));
    expect(api.callsTo('profile/getProfile')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await flush();
    expect(getSession()?.token).toBe('tok2');
    expect(api.callsTo('profile/getProfile')).toHaveLength(1);
  });

  it.each([
    ['wrong code', 'Código de verificação inválido.'],
    ['email already confirmed', 'Email já verificado. Por favor, efetue o login.'],
  ])('server %j → %j (ID-12)', async (message, text) => {
    mockAccountApi({ '/api/v1/profile/confirmEmail': refuse(message) });
    show('confirmEmail', { userId: 7 });
    type('Código de confirmação', '123456');
    fireEvent.click(submitButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('resend: disabled while sending and after success until the modal closes (ID-14, G63)', async () => {
    const reply = deferred<Envelope>();
    const api = mockAccountApi({
      '/api/v1/profile/login': ok({ user: PENDING_USER }, 'unconfirmed e-mail'),
      '/api/v1/profile/resendConfirmationEmail': () => reply.promise,
    });
    render(<LoginModal />);
    // The pending user comes from a registration or an unconfirmed login.
    const { setPendingUser } = await import('./login-modal-store');
    act(() => {
      setPendingUser(PENDING_USER);
      openLoginModal('confirmEmail', { userId: 8 });
    });
    const resend = screen.getByRole('button', { name: 'Reenviar código' });
    fireEvent.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    await act(async () => reply.resolve(ok(null, 'confirmation sent')));
    expect(
      await screen.findByText('Um novo código foi enviado para o seu e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(api.callsTo('profile/resendConfirmationEmail')[0]?.body).toEqual({
      name: 'José da Silva',
      userId: 8,
      email: 'novo@example.com',
    });
    // Closing the modal ends the cooldown.
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => openLoginModal('confirmEmail', { userId: 8 }));
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
  });
});

describe('password reset', () => {
  it("request: empty → its message; 'user not found' → 'Email não encontrado'; success → the notice (ID-15)", async () => {
    let calls = 0;
    mockAccountApi({
      '/api/v1/profile/requestPasswordReset': () =>
        calls++ === 0 ? refuse('user not found') : ok(null, 'reset requested'),
    });
    show('requestPasswordReset');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Insira seu e-mail de cadastro para criar uma nova senha'),
    ).toBeInTheDocument();
    type('E-mail', 'ninguem@example.com');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Email não encontrado')).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(
      await screen.findByText(
        'Enviamos uma mensagem para o seu e-mail com as instruções para criar uma nova senha.',
      ),
    ).toBeInTheDocument();
  });

  it('reset: short, mismatch, expired link, success with a login prompt (ID-16, ID-17, ID-18)', async () => {
    let calls = 0;
    const api = mockAccountApi({
      '/api/v1/profile/resetPassword': () =>
        calls++ === 0 ? refuse('invalid data') : ok(null, 'password changed'),
    });
    show('resetPassword', { userId: 8, token: 'abc' });
    type('Nova senha', '12345');
    type('Confirme a nova senha', '12345');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('A senha não deve conter menos de 6 caracteres'),
    ).toBeInTheDocument();
    type('Nova senha', '123456');
    type('Confirme a nova senha', '123457');
    fireEvent.click(submitButton());
    expect(await screen.findByText('A senha e a confirmação não conferem!')).toBeInTheDocument();
    type('Confirme a nova senha', '123456');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText(
        'Não foi possível alterar a sua senha. O link de recuperação expirou.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Sua senha foi alterada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('profile/resetPassword')[1]?.body).toEqual({
      userId: 8,
      newPassword: '123456',
      resetToken: 'abc',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fazer login' }));
    expect(await screen.findByLabelText('Senha')).toBeInTheDocument();
  });
});

describe('the modal', () => {
  it('Escape closes it', async () => {
    mockAccountApi({});
    const user = userEvent.setup();
    const dialog = show();
    within(dialog).getByLabelText('E-mail').focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a click outside closes it', async () => {
    mockAccountApi({});
    show();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay as Element);
    fireEvent.click(overlay as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves between the screens', async () => {
    mockAccountApi({});
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastre-se' }));
    expect(await screen.findByLabelText('Confirme o e-mail')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('button', { name: 'Voltar para o login' })).toBeInTheDocument();
  });

  it('shows no social buttons without a provider configuration', () => {
    mockAccountApi({});
    show();
    expect(screen.queryByRole('button', { name: /Google|Facebook/ })).not.toBeInTheDocument();
  });
});
