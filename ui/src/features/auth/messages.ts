/**
 * The texts of the accounts area (doc1 §8 identity.*, doc3 §8 profile.*) and the error
 * catalogues of doc1 §8 and doc3 §8: English server message → Portuguese text, per flow.
 */
import { ApiError } from '@/lib/api';
import type { SocialProvider } from '@/lib/account-wire-types';
import { isUnauthorized, SESSION_MESSAGES } from './session-messages';

export { isUnauthorized };

export const AUTH_MESSAGES = {
  loginSuccess: 'Login realizado com sucesso!',
  registerSuccess: 'Cadastro criado com sucesso!',
  accountLinked: 'Cadastro atualizado com sucesso!',
  // logoutSuccess, unauthorized
  ...SESSION_MESSAGES,
  resendDone: 'Um novo código foi enviado para o seu e-mail',
  resetDone: 'Sua senha foi alterada com sucesso!',
  /** G08 (recommended text). */
  resetRequested:
    'Enviamos uma mensagem para o seu e-mail com as instruções para criar uma nova senha.',
  linkAccount: 'Linkar cadastro agora',
  popupBusy: 'A autenticação já foi iniciada...',
  /** G09. */
  providerLoading: 'Aguarde, carregando a autenticação...',
  providerMissing: 'Não foi possível carregar a autenticação. Recarregue a página.',
  differentCredential:
    'Este e-mail já está cadastrado com outro método de login. Utilize o método original.',
  genericLater: 'Desculpe, algo deu errado! Tente novamente mais tarde.',
} as const;

/** C35: the submitting state → the label of the submit button. */
export const SUBMITTING_LABELS = {
  login: 'Entrando...',
  registerUser: 'Aguarde ...',
  confirmEmail: 'Validando...',
  requestPasswordReset: 'Enviando...',
  resetPassword: 'Aguarde...',
} as const;

export type Submitting = keyof typeof SUBMITTING_LABELS;

export const PROFILE_MESSAGES = {
  saved: 'Dados atualizados com sucesso!',
  passwordChanged: 'Sua senha foi atualizada com sucesso! Por favor efetue o login novamente.',
  deleted: 'Cadastro excluído. Para realizar o login, é necessário realizar o cadastro novamente.',
  loginRequired: 'Faça o login para editar o seu perfil.',
  loadingCities: 'Carregando, aguarde ...',
} as const;

export type ErrorFlow =
  | 'login'
  | 'registerUser'
  | 'confirmEmail'
  | 'resendConfirmationEmail'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'getProfile'
  | 'updateProfile'
  | 'deleteProfile'
  | 'registerUserFirebase'
  | 'loginFirebase';

const LOGIN_OTHER = 'Desculpe, algo deu errado! Tente novamente em alguns minutos.';
const SOCIAL_OTHER =
  'Desculpe, algo deu errado! Tente novamente em alguns minutos ou utilize outra forma de autenticação.';
const OTHER_AUTH =
  'Este e-mail já está vinculado a outra forma de autenticação. Utilize-a para entrar.';

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

export function providerName(provider: SocialProvider): string {
  return PROVIDER_NAMES[provider];
}

function socialCatalogue(flow: 'registerUserFirebase' | 'loginFirebase', provider: string) {
  const noEmail = `É necessário ter um email cadastrado e verificado em ${provider} para acessar a página.`;
  return {
    'no email from provider': noEmail,
    'email from provider not verified': noEmail,
    'user disabled':
      flow === 'loginFirebase'
        ? 'Login não efetuado! Usuário desabilitado… Por favor, entre em contato conosco.'
        : 'Já existe um cadastro desabilitado com este e-mail. Por favor, entre em contato conosco.',
    'email and firebaseUid already registered': `Você já possui cadastro. Faça login com ${provider}.`,
    'firebaseUid already registered with other email':
      'Conta vinculada a outro e-mail. Entre em contato conosco.',
    'email already registered with other firebaseUid': OTHER_AUTH,
    'user found by email but with different firebaseUid': OTHER_AUTH,
  } as Record<string, string>;
}

const CATALOGUES: Record<
  Exclude<ErrorFlow, 'registerUserFirebase' | 'loginFirebase'>,
  {
    messages: Record<string, string>;
    other: string;
  }
> = {
  login: {
    messages: {
      'invalid email or password':
        'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
      'user disabled': 'Usuário inativo. Por favor, entre em contato conosco.',
      'unconfirmed e-mail': 'Erro ao tentar efetuar o login. Verifique o e-mail e senha.',
    },
    other: LOGIN_OTHER,
  },
  registerUser: {
    messages: {
      'email already registered': 'Email já cadastrado no sistema. Por favor, efetue o login.',
    },
    other: AUTH_MESSAGES.genericLater,
  },
  confirmEmail: {
    messages: {
      'wrong code': 'Código de verificação inválido.',
      'email already confirmed': 'Email já verificado. Por favor, efetue o login.',
    },
    other: AUTH_MESSAGES.genericLater,
  },
  resendConfirmationEmail: { messages: {}, other: AUTH_MESSAGES.genericLater },
  requestPasswordReset: {
    messages: { 'user not found': 'Email não encontrado' },
    other: AUTH_MESSAGES.genericLater,
  },
  resetPassword: {
    messages: {
      'invalid data': 'Não foi possível alterar a sua senha. O link de recuperação expirou.',
    },
    other: AUTH_MESSAGES.genericLater,
  },
  getProfile: { messages: {}, other: AUTH_MESSAGES.genericLater },
  updateProfile: {
    messages: {
      'wrong password': 'Senha atual inválida.',
      'cpf already registered': 'CPF já cadastrado em nossos servidores. Tente outro CPF.',
    },
    other: AUTH_MESSAGES.genericLater,
  },
  deleteProfile: {
    messages: {
      'active pro subscription':
        'Essa conta possui uma assinatura ativa. Entre em contato conosco para apagar o seu cadastro.',
      'last people manager':
        'Você é a única pessoa da equipe que pode gerenciar as permissões. Dê essa permissão a outra pessoa antes de apagar a sua conta.',
    },
    other:
      'Ocorreu um erro ao tentar apagar sua conta. Tente novamente ou entre em contato conosco.',
  },
};

/** The server message of a failure ('' for network errors and non-ApiErrors). */
export function serverMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : '';
}

/** The Portuguese text for a failed call of `flow` (doc1 §8, doc3 §8). */
export function errorText(
  flow: ErrorFlow,
  error: unknown,
  provider: SocialProvider = 'google',
): string {
  const message = serverMessage(error);
  if (flow === 'registerUserFirebase' || flow === 'loginFirebase') {
    return socialCatalogue(flow, providerName(provider))[message] ?? SOCIAL_OTHER;
  }
  if ((flow === 'getProfile' || flow === 'updateProfile') && isUnauthorized(error))
    return AUTH_MESSAGES.unauthorized;
  const catalogue = CATALOGUES[flow];
  return catalogue.messages[message] ?? catalogue.other;
}
