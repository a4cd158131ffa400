import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { SUBMITTING_LABELS, errorText } from './messages';

const fail = (message: string, status: number | 'error' = 'error', http = 200) =>
  new ApiError(status, message, http);

describe('error catalogue (doc1 §8, doc3 §8)', () => {
  it.each([
    [
      'login',
      'invalid email or password',
      'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
    ],
    ['login', 'user disabled', 'Usuário inativo. Por favor, entre em contato conosco.'],
    ['login', 'unconfirmed e-mail', 'Erro ao tentar efetuar o login. Verifique o e-mail e senha.'],
    ['login', 'boom', 'Desculpe, algo deu errado! Tente novamente em alguns minutos.'],
    [
      'registerUser',
      'email already registered',
      'Email já cadastrado no sistema. Por favor, efetue o login.',
    ],
    ['registerUser', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    ['confirmEmail', 'wrong code', 'Código de verificação inválido.'],
    ['confirmEmail', 'email already confirmed', 'Email já verificado. Por favor, efetue o login.'],
    ['confirmEmail', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    ['resendConfirmationEmail', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    ['requestPasswordReset', 'user not found', 'Email não encontrado'],
    ['requestPasswordReset', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    [
      'resetPassword',
      'invalid data',
      'Não foi possível alterar a sua senha. O link de recuperação expirou.',
    ],
    ['resetPassword', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    ['getProfile', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    ['updateProfile', 'wrong password', 'Senha atual inválida.'],
    [
      'updateProfile',
      'cpf already registered',
      'CPF já cadastrado em nossos servidores. Tente outro CPF.',
    ],
    ['updateProfile', 'boom', 'Desculpe, algo deu errado! Tente novamente mais tarde.'],
    [
      'deleteProfile',
      'active pro subscription',
      'Essa conta possui uma assinatura ativa. Entre em contato conosco para apagar o seu cadastro.',
    ],
    [
      'deleteProfile',
      'last people manager',
      'Você é a única pessoa da equipe que pode gerenciar as permissões. Dê essa permissão a outra pessoa antes de apagar a sua conta.',
    ],
    [
      'deleteProfile',
      'boom',
      'Ocorreu um erro ao tentar apagar sua conta. Tente novamente ou entre em contato conosco.',
    ],
  ] as const)('%s: %j → %j', (flow, message, text) => {
    expect(errorText(flow, fail(message))).toBe(text);
  });

  it("network failures get the flow's generic text", () => {
    expect(errorText('login', new TypeError('x'))).toBe(
      'Desculpe, algo deu errado! Tente novamente em alguns minutos.',
    );
  });

  it('a 401 on getProfile and updateProfile is the authentication problem (G11)', () => {
    const unauthorized = fail('unauthorized', 401, 401);
    const text =
      'Problema na authenticação. Tente logar de novo ou entre em contato se o problema persiste.';
    expect(errorText('getProfile', unauthorized)).toBe(text);
    expect(errorText('updateProfile', unauthorized)).toBe(text);
  });

  it.each([
    [
      'no email from provider',
      'google',
      'É necessário ter um email cadastrado e verificado em Google para acessar a página.',
    ],
    [
      'email from provider not verified',
      'facebook',
      'É necessário ter um email cadastrado e verificado em Facebook para acessar a página.',
    ],
    [
      'email and firebaseUid already registered',
      'google',
      'Você já possui cadastro. Faça login com Google.',
    ],
    [
      'firebaseUid already registered with other email',
      'google',
      'Conta vinculada a outro e-mail. Entre em contato conosco.',
    ],
    [
      'email already registered with other firebaseUid',
      'google',
      'Este e-mail já está vinculado a outra forma de autenticação. Utilize-a para entrar.',
    ],
    [
      'user found by email but with different firebaseUid',
      'google',
      'Este e-mail já está vinculado a outra forma de autenticação. Utilize-a para entrar.',
    ],
    [
      'boom',
      'google',
      'Desculpe, algo deu errado! Tente novamente em alguns minutos ou utilize outra forma de autenticação.',
    ],
  ] as const)('social %j (%s)', (message, provider, text) => {
    expect(errorText('registerUserFirebase', fail(message), provider)).toBe(text);
  });

  it("'user disabled' differs between social login and sign-up", () => {
    expect(errorText('loginFirebase', fail('user disabled'))).toMatch(
      /^Login não efetuado! Usuário desabilitado…/,
    );
    expect(errorText('registerUserFirebase', fail('user disabled'))).toBe(
      'Já existe um cadastro desabilitado com este e-mail. Por favor, entre em contato conosco.',
    );
  });

  it('submitting labels (C35)', () => {
    expect(SUBMITTING_LABELS).toEqual({
      login: 'Entrando...',
      registerUser: 'Aguarde ...',
      confirmEmail: 'Validando...',
      requestPasswordReset: 'Enviando...',
      resetPassword: 'Aguarde...',
    });
  });
});
