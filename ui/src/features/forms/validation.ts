/**
 * The checks of the four listener forms (doc2 §5; decisions C13–C16, G24, G25,
 * G28, G47, S01): recommend a song, contact, work with us and the free-streaming request. The server
 * checks the same rules (S01); these checks only spare the listener a round trip. Only the checking
 * code lives here: every limit and message comes from `@/generated/validation-rules`, which
 * `cargo test -p onda-shared` writes from shared/src/validation.rs, the module the server checks
 * with, so the two sides cannot disagree.
 */
import { limits, messages } from '@/generated/validation-rules';
import { isValidEmail } from '@/lib/validation';

type Range = readonly [min: number, max: number];

// ── Limits and messages, named for the forms (the values are Rust's) ──────────────────────────
export const FORM_LIMITS = {
  recommend: {
    artistName: [limits.RECOMMEND_ARTIST_MIN, limits.RECOMMEND_ARTIST_MAX] as Range,
    musicName: [limits.RECOMMEND_MUSIC_MIN, limits.RECOMMEND_MUSIC_MAX] as Range,
    musicLink: [limits.RECOMMEND_LINK_MIN, limits.RECOMMEND_LINK_MAX] as Range,
    message: [limits.RECOMMEND_MESSAGE_MIN, limits.RECOMMEND_MESSAGE_MAX] as Range,
  },
  contact: {
    name: [limits.CONTACT_NAME_MIN, limits.CONTACT_NAME_MAX] as Range,
    emailMax: limits.CONTACT_EMAIL_MAX,
    tel: [limits.CONTACT_TEL_MIN, limits.CONTACT_TEL_MAX] as Range,
    city: [limits.CONTACT_CITY_MIN, limits.CONTACT_CITY_MAX] as Range,
    stateLength: limits.CONTACT_STATE_LENGTH,
    text: [limits.CONTACT_TEXT_MIN, limits.CONTACT_TEXT_MAX] as Range,
    /** The subjects in id order: id 1 is the first (doc2 §9). */
    subjects: limits.CONTACT_SUBJECTS as readonly string[],
    /** G27: the id `?assunto=comercial` presets. */
    commercialId: limits.CONTACT_COMMERCIAL_ID,
  },
  work: {
    name: [limits.WORK_NAME_MIN, limits.WORK_NAME_MAX] as Range,
    lastName: [limits.WORK_LAST_NAME_MIN, limits.WORK_LAST_NAME_MAX] as Range,
    emailMax: limits.WORK_EMAIL_MAX,
    telefone: [limits.WORK_TELEFONE_MIN, limits.WORK_TELEFONE_MAX] as Range,
    textoCargo: [limits.WORK_ROLE_MIN, limits.WORK_ROLE_MAX] as Range,
    aboutYou: [limits.WORK_ABOUT_MIN, limits.WORK_ABOUT_MAX] as Range,
    /** G24: PDF, DOC or DOCX up to 5 MB (the server also reads the bytes, S06). */
    curriculumMaxBytes: limits.WORK_CV_MAX_BYTES,
    curriculumExtensions: limits.WORK_CV_EXTENSIONS as readonly string[],
    /** What the file dialog offers. */
    curriculumAccept: limits.WORK_CV_ACCEPT,
  },
  freeStreaming: {
    companyMax: limits.FREE_STREAMING_COMPANY_MAX,
    tradeNameMax: limits.FREE_STREAMING_TRADE_NAME_MAX,
    cnpjDigits: limits.FREE_STREAMING_CNPJ_DIGITS,
    pageMax: limits.FREE_STREAMING_PAGE_MAX,
    nameOwner: [limits.FREE_STREAMING_OWNER_MIN, limits.FREE_STREAMING_OWNER_MAX] as Range,
    emailOwnerMax: limits.FREE_STREAMING_EMAIL_MAX,
    telefoneLengths: limits.FREE_STREAMING_TELEFONE_LENGTHS as readonly number[],
    /** G25: the band is a select. */
    bands: limits.FREE_STREAMING_BANDS as readonly string[],
    frequencyMax: limits.FREE_STREAMING_FREQUENCY_MAX,
    powerMax: limits.FREE_STREAMING_POWER_MAX,
    stateMax: limits.FREE_STREAMING_STATE_MAX,
    cityMax: limits.FREE_STREAMING_CITY_MAX,
  },
} as const;

export const FORM_MESSAGES = {
  recommend: {
    artistName: messages.RECOMMEND_ARTIST,
    musicName: messages.RECOMMEND_MUSIC,
    musicLink: messages.RECOMMEND_LINK,
    message: messages.RECOMMEND_MESSAGE,
    login: messages.RECOMMEND_LOGIN,
  },
  contact: {
    required: messages.CONTACT_REQUIRED,
    sent: messages.CONTACT_SENT,
    /** G27 */
    commercialText: messages.CONTACT_COMMERCIAL_TEXT,
    /** G28: the per-field texts (ours, in doc3's style). */
    fields: {
      name: messages.CONTACT_NAME,
      email: messages.CONTACT_EMAIL,
      tel: messages.CONTACT_TEL,
      city: messages.CONTACT_CITY,
      state: messages.CONTACT_STATE,
      text: messages.CONTACT_TEXT,
      categoryId: messages.CONTACT_SUBJECT,
    },
  },
  work: {
    sent: messages.WORK_SENT,
    /** G28: the per-field texts (ours, in doc3's style). */
    fields: {
      name: messages.WORK_NAME,
      lastName: messages.WORK_LAST_NAME,
      telefone: messages.WORK_TELEFONE,
      email: messages.WORK_EMAIL,
      textoCargo: messages.WORK_ROLE,
      aboutYou: messages.WORK_ABOUT,
    },
    curriculum: messages.WORK_CURRICULUM,
    curriculumType: messages.WORK_CV_TYPE,
    curriculumSize: messages.WORK_CV_SIZE,
  },
  freeStreaming: {
    company: messages.FREE_STREAMING_COMPANY,
    tradeName: messages.FREE_STREAMING_TRADE_NAME,
    cnpj: messages.FREE_STREAMING_CNPJ,
    page: messages.FREE_STREAMING_PAGE,
    nameOwner: messages.FREE_STREAMING_OWNER,
    emailOwner: messages.FREE_STREAMING_EMAIL,
    telefone: messages.FREE_STREAMING_TELEFONE,
    band: messages.FREE_STREAMING_BAND,
    frequency: messages.FREE_STREAMING_FREQUENCY,
    power: messages.FREE_STREAMING_POWER,
    state: messages.FREE_STREAMING_STATE,
    city: messages.FREE_STREAMING_CITY,
    sent: messages.FREE_STREAMING_SENT,
  },
} as const;

// ── Helpers ────────────────────────────────────────────────────────────────────────────────
/** Length in characters (code points), as the server counts them. */
export function charCount(value: string): number {
  return Array.from(value).length;
}

function within(value: string, [min, max]: Range): boolean {
  const length = charCount(value);
  return length >= min && length <= max;
}

const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;

function isName(value: string, range: Range): boolean {
  const trimmed = value.trim();
  return within(trimmed, range) && LETTERS_AND_SPACES.test(trimmed);
}

function isEmail(value: string, max: number): boolean {
  const trimmed = value.trim();
  return charCount(trimmed) <= max && isValidEmail(trimmed);
}

// ── Recommend a song (doc2 §5; G47) ──────────────────────────────────────────────────────────
export interface RecommendValues {
  artistName: string;
  musicName: string;
  musicLink: string;
  message: string;
}

export type RecommendField = keyof RecommendValues;

export const EMPTY_RECOMMENDATION: RecommendValues = {
  artistName: '',
  musicName: '',
  musicLink: '',
  message: '',
};

/** The message of a field, or `null` when it is valid (values are trimmed; the link is optional). */
export function recommendFieldError(field: RecommendField, values: RecommendValues): string | null {
  const value = values[field].trim();
  const range = FORM_LIMITS.recommend[field];
  const message = FORM_MESSAGES.recommend[field];
  if (field === 'musicLink' && value === '') return null;
  return within(value, range) ? null : message;
}

export function recommendErrors(values: RecommendValues): Record<RecommendField, string | null> {
  return {
    artistName: recommendFieldError('artistName', values),
    musicName: recommendFieldError('musicName', values),
    musicLink: recommendFieldError('musicLink', values),
    message: recommendFieldError('message', values),
  };
}

/**
 * RC-01, G47: the artist is always open; a valid artist opens the song; a valid song opens the
 * link and the message (the link may stay empty).
 */
export function recommendUnlocked(values: RecommendValues): Record<RecommendField, boolean> {
  const artist = recommendFieldError('artistName', values) === null;
  const song = artist && recommendFieldError('musicName', values) === null;
  return { artistName: true, musicName: artist, musicLink: song, message: song };
}

// ── Contact (doc2 §5, §9; C13, C14, C15, C16, G28) ─────────────────────────────────────────
export interface ContactValues {
  name: string;
  email: string;
  tel: string;
  city: string;
  state: string;
  text: string;
  /** The subject's id, `null` until one is chosen. */
  categoryId: number | null;
}

export type ContactField = keyof ContactValues;

/** Which contact fields are valid. C13: tel, city and state are optional but checked when filled. */
export function validateContact(v: ContactValues): Record<ContactField, boolean> {
  const l = FORM_LIMITS.contact;
  const tel = v.tel.trim();
  const city = v.city.trim();
  const state = v.state.trim();
  return {
    name: isName(v.name, l.name),
    email: isEmail(v.email, l.emailMax),
    tel: tel === '' || within(tel, l.tel),
    city: city === '' || within(city, l.city),
    state: state === '' || charCount(state) === l.stateLength,
    text: within(v.text.trim(), l.text),
    categoryId:
      v.categoryId !== null &&
      Number.isInteger(v.categoryId) &&
      v.categoryId >= 1 &&
      v.categoryId <= l.subjects.length,
  };
}

/** C13: name, e-mail, text and subject are required ('Preencha todos os campos…'). */
export function contactMissingRequired(v: ContactValues): boolean {
  return !v.name.trim() || !v.email.trim() || !v.text.trim() || v.categoryId === null;
}

export function isContactValid(v: ContactValues): boolean {
  return Object.values(validateContact(v)).every(Boolean);
}

// ── Work with us (doc2 §5; C14, C15, C16, G24) ─────────────────────────────────────────────
export interface WorkValues {
  name: string;
  lastName: string;
  telefone: string;
  email: string;
  textoCargo: string;
  aboutYou: string;
}

export type WorkField = keyof WorkValues;

export function validateWork(v: WorkValues): Record<WorkField, boolean> {
  const l = FORM_LIMITS.work;
  return {
    name: isName(v.name, l.name),
    lastName: isName(v.lastName, l.lastName),
    telefone: within(v.telefone.trim(), l.telefone),
    email: isEmail(v.email, l.emailMax),
    textoCargo: within(v.textoCargo.trim(), l.textoCargo),
    aboutYou: within(v.aboutYou.trim(), l.aboutYou),
  };
}

export function isWorkValid(v: WorkValues): boolean {
  return Object.values(validateWork(v)).every(Boolean);
}

/** The file's extension, lower case, without the dot. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export type CurriculumProblem = 'type' | 'size' | null;

/**
 * G24: a quick check before the upload (the server decides by the file's bytes, S06): the
 * extension must be PDF, DOC or DOCX and the size at most 5 MB; an empty file is refused too.
 */
export function curriculumProblem(file: Pick<File, 'name' | 'size'>): CurriculumProblem {
  const l = FORM_LIMITS.work;
  if (!l.curriculumExtensions.includes(extensionOf(file.name))) return 'type';
  if (file.size <= 0 || file.size > l.curriculumMaxBytes) return 'size';
  return null;
}

// ── Free-streaming request (doc2 §5; C14, C15, G25) ────────────────────────────────────────
export interface FreeStreamingValues {
  company: string;
  tradeName: string;
  cnpj: string;
  page: string;
  nameOwner: string;
  emailOwner: string;
  telefone: string;
  band: string;
  frequency: string;
  power: string;
  state: string;
  city: string;
}

export type FreeStreamingField = keyof FreeStreamingValues;

export const EMPTY_FREE_STREAMING: FreeStreamingValues = {
  company: '',
  tradeName: '',
  cnpj: '',
  page: '',
  nameOwner: '',
  emailOwner: '',
  telefone: '',
  band: '',
  frequency: '',
  power: '',
  state: '',
  city: '',
};

/** A CNPJ with valid check digits (14 digits, masked 99.999.999/9999-99 or bare). */
export function isValidCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== FORM_LIMITS.freeStreaming.cnpjDigits) return false;
  if (value !== digits && !/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(value)) return false;
  if (/^(\d)\1+$/.test(digits)) return false;
  const nums = Array.from(digits, Number);
  const check = (length: number) => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, index) => total + weight * (nums[index] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === nums[12] && check(13) === nums[13];
}

/** Required text of 1..max characters (trimmed). */
function required(value: string, max: number): boolean {
  return within(value.trim(), [1, max]);
}

/** The checks in the spec's order: each is a field and whether its value passes. */
const FREE_STREAMING_CHECKS: readonly [FreeStreamingField, (v: FreeStreamingValues) => boolean][] =
  [
    ['company', (v) => required(v.company, FORM_LIMITS.freeStreaming.companyMax)],
    ['tradeName', (v) => required(v.tradeName, FORM_LIMITS.freeStreaming.tradeNameMax)],
    ['cnpj', (v) => v.cnpj.trim() === '' || isValidCnpj(v.cnpj.trim())],
    ['page', (v) => required(v.page, FORM_LIMITS.freeStreaming.pageMax)],
    ['nameOwner', (v) => within(v.nameOwner.trim(), FORM_LIMITS.freeStreaming.nameOwner)],
    ['emailOwner', (v) => isEmail(v.emailOwner, FORM_LIMITS.freeStreaming.emailOwnerMax)],
    [
      'telefone',
      (v) =>
        v.telefone.trim() === '' ||
        FORM_LIMITS.freeStreaming.telefoneLengths.includes(charCount(v.telefone.trim())),
    ],
    ['band', (v) => FORM_LIMITS.freeStreaming.bands.includes(v.band)],
    ['frequency', (v) => required(v.frequency, FORM_LIMITS.freeStreaming.frequencyMax)],
    ['power', (v) => required(v.power, FORM_LIMITS.freeStreaming.powerMax)],
    ['state', (v) => required(v.state, FORM_LIMITS.freeStreaming.stateMax)],
    ['city', (v) => required(v.city, FORM_LIMITS.freeStreaming.cityMax)],
  ];

export interface FreeStreamingProblem {
  field: FreeStreamingField;
  message: string;
}

/** doc2 §5: the checks run in order and stop at the first failure (its message), else `null`. */
export function freeStreamingProblem(v: FreeStreamingValues): FreeStreamingProblem | null {
  for (const [field, passes] of FREE_STREAMING_CHECKS) {
    if (!passes(v)) return { field, message: FORM_MESSAGES.freeStreaming[field] };
  }
  return null;
}
