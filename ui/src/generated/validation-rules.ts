// generated from shared/src/validation.rs by cargo test -p onda-shared; do not edit

export const limits = {
  /** Registration (doc1 §5, C01): name 3–50 letters and spaces, e-mail ≤ 50, password 6–20. */
  REGISTER_NAME_MIN: 3,
  REGISTER_NAME_MAX: 50,
  EMAIL_MAX: 50,
  /** C01: one minimum for every flow that sets a password (registration, reset, profile change). */
  PASSWORD_MIN: 6,
  REGISTER_PASSWORD_MAX: 20,
  /** Reset and profile change have no documented maximum; a sane server cap (C01). */
  PASSWORD_MAX: 128,
  /** The e-mail confirmation code: exactly this many digits. */
  CONFIRMATION_CODE_LENGTH: 6,
  /** Profile (doc3 §5): trimmed lengths, inclusive; only the name is required (G15). */
  PROFILE_NAME_MIN: 2,
  PROFILE_NAME_MAX: 30,
  LAST_NAME_MIN: 2,
  LAST_NAME_MAX: 30,
  DISTRICT_MIN: 3,
  DISTRICT_MAX: 30,
  STREET_MIN: 3,
  STREET_MAX: 60,
  ADDRESS_SUPPLEMENT_MAX: 30,
  STREET_NUMBER_MAX_DIGITS: 5,
  /** `(99) 9999-9999` and `(99) 99999-9999`. */
  TELEFONE_LENGTHS: [14, 15],
  /** `99999-999`. */
  CEP_LENGTH: 9,
  CPF_DIGITS: 11,
  /** `999.999.999-99`. */
  CPF_MASKED_LENGTH: 14,
  /** Birth date: the age on today's São Paulo date, inclusive (G17). */
  MIN_AGE: 4,
  MAX_AGE: 110,
  GENDERS: ['FEMININO', 'MASCULINO'],
  /**
   * Promotion answer (doc2 §5): free text up to 350 characters, a single word (rs_keywords 'S') up
   * to 30; the form truncates what is typed, the server refuses longer ('answer too long', G48).
   */
  PROMOTION_ANSWER_MAX: 350,
  PROMOTION_KEYWORD_ANSWER_MAX: 30,
} as const;

export const messages = {
  FORM_INVALID: 'Preencha todos os campos corretamente',
  LOGIN_EMPTY: 'Insere o seu email e a sua senha para fazer o login!',
  CODE_FORMAT: 'O código de confirmação tem 6 números',
  RESET_EMAIL_EMPTY: 'Insira seu e-mail de cadastro para criar uma nova senha',
  RESET_PASSWORD_SHORT: 'A senha não deve conter menos de 6 caracteres',
  /**
   * Reset form: the confirmation differs from the new password. Checked by the client only (the
   * reset request carries one password), declared here so the UI's text has one source too.
   */
  RESET_PASSWORD_MISMATCH: 'A senha e a confirmação não conferem!',
  NAME: 'O nome deve ter no mínimo 2 e no máximo 30 carateres',
  LAST_NAME: 'O sobrenome deve ter no mínimo 2 e no máximo 30 carateres',
  CPF: 'O CPF informado é inválido',
  BIRTHDAY: 'A data de nascimento informado é inválido',
  CEP: 'O CEP informado é inválido',
  DISTRICT: 'O bairro deve ter no mínimo 3 e no máximo 30 carateres',
  STREET: 'O endereço deve ter no mínimo 3 e no máximo 60 carateres',
  ADDRESS_SUPPLEMENT: 'O complemento deve ter no máximo 30 carateres',
  STREET_NUMBER: 'O número do endereço deve ter no máximo 5 dígitos',
  TELEFONE: 'O telefone informado é inválido',
  NEW_PASSWORD: 'A senha deve ter no mínimo 6 carateres',
  PASSWORD_MISMATCH: 'As senhas estão diferentes',
  NO_CHANGES: 'Não há alterações realizadas',
  /** Not in the spec (gender has no message); used for a value other than FEMININO/MASCULINO. */
  GENDER: 'O gênero informado é inválido',
  /** Not in the spec; a state or city id that does not exist (or a city of another state). */
  STATE: 'O estado informado é inválido',
  CITY: 'A cidade informada é inválida',
  /** Promotion answer form (doc2 §5; the double space is the spec's). */
  PROMOTION_ANSWER_EMPTY: 'Preencha a caixa de texto com sua resposta.',
  PROMOTION_RULES_UNCHECKED: 'Você precisa ler  e aceitar o regulamento.',
  PROMOTION_ANSWER_AND_RULES: 'Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.',
} as const;
