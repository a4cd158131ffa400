import { describe, expect, it } from 'vitest';
import { maskCnpj, maskPhone } from '@/lib/masks';
import { VALID_CNPJ, VALID_CNPJ_DIGITS } from './testing/fixtures';
import {
  contactMissingRequired,
  curriculumProblem,
  EMPTY_FREE_STREAMING,
  EMPTY_RECOMMENDATION,
  FORM_LIMITS,
  FORM_MESSAGES,
  freeStreamingProblem,
  isContactValid,
  isValidCnpj,
  isWorkValid,
  recommendErrors,
  recommendUnlocked,
  validateContact,
  validateWork,
  type ContactValues,
  type FreeStreamingValues,
  type WorkValues,
} from './validation';

const R = FORM_MESSAGES.recommend;
const FS = FORM_MESSAGES.freeStreaming;

describe('recommend checks (doc2 §5, G47)', () => {
  const base = {
    artistName: 'Marisa Monte',
    musicName: 'Ainda Bem',
    musicLink: '',
    message: 'Toca!!',
  };

  it('messages at the boundaries (RC-02, RC-03)', () => {
    expect(recommendErrors(base)).toEqual({
      artistName: null,
      musicName: null,
      musicLink: null,
      message: null,
    });
    expect(recommendErrors({ ...base, artistName: '   ' }).artistName).toBe(R.artistName);
    expect(recommendErrors({ ...base, artistName: 'a'.repeat(51) }).artistName).toBe(R.artistName);
    expect(recommendErrors({ ...base, artistName: ` ${'a'.repeat(50)} ` }).artistName).toBeNull();
    expect(recommendErrors({ ...base, musicName: 'm'.repeat(51) }).musicName).toBe(R.musicName);
    expect(recommendErrors({ ...base, message: 'abcd' }).message).toBe(R.message);
    expect(recommendErrors({ ...base, message: 'abcde' }).message).toBeNull();
    expect(recommendErrors({ ...base, message: 'x'.repeat(501) }).message).toBe(R.message);
    expect(recommendErrors({ ...base, musicLink: 'x'.repeat(9) }).musicLink).toBe(R.musicLink);
    expect(recommendErrors({ ...base, musicLink: 'x'.repeat(10) }).musicLink).toBeNull();
    expect(recommendErrors({ ...base, musicLink: 'x'.repeat(70) }).musicLink).toBeNull();
    expect(recommendErrors({ ...base, musicLink: 'x'.repeat(71) }).musicLink).toBe(R.musicLink);
    expect(R).toEqual({
      artistName: 'O nome do artista ou banda deve ter de 1 a 50 caracteres.',
      musicName: 'O nome da música deve ter de 1 a 50 caracteres.',
      musicLink: 'O link da música deve ter de 10 a 70 caracteres.',
      message: 'A sua mensagem deve ter de 5 a 500 caracteres.',
      login: 'Você precisa está logado para recomendar uma música.',
    });
  });

  it('unlocks one step at a time; the link is optional (RC-01)', () => {
    expect(recommendUnlocked(EMPTY_RECOMMENDATION)).toEqual({
      artistName: true,
      musicName: false,
      musicLink: false,
      message: false,
    });
    expect(recommendUnlocked({ ...EMPTY_RECOMMENDATION, artistName: 'Djavan' })).toEqual({
      artistName: true,
      musicName: true,
      musicLink: false,
      message: false,
    });
    expect(
      recommendUnlocked({ ...EMPTY_RECOMMENDATION, artistName: 'Djavan', musicName: 'Oceano' }),
    ).toEqual({ artistName: true, musicName: true, musicLink: true, message: true });
    // A song typed before the artist was cleared stays closed.
    expect(recommendUnlocked({ ...EMPTY_RECOMMENDATION, musicName: 'Oceano' }).musicLink).toBe(
      false,
    );
  });
});

describe('contact checks (doc2 §5, C13)', () => {
  const valid: ContactValues = {
    name: 'Ana',
    email: 'ana@example.com',
    tel: '',
    city: '',
    state: '',
    text: 'Olá',
    categoryId: 1,
  };

  it('name, e-mail, text and subject required; tel, city and state optional (CT-03)', () => {
    expect(isContactValid(valid)).toBe(true);
    expect(contactMissingRequired(valid)).toBe(false);
    expect(isContactValid({ ...valid, categoryId: null })).toBe(false);
    expect(contactMissingRequired({ ...valid, categoryId: null })).toBe(true);
    expect(contactMissingRequired({ ...valid, email: ' ' })).toBe(true);
    expect(FORM_MESSAGES.contact.required).toBe(
      'Preencha todos os campos para enviar sua mensagem.',
    );
  });

  it('refuses state SPX, name A1, a 13-character-short tel and unknown subjects (CT-04)', () => {
    expect(validateContact({ ...valid, state: 'SPX' }).state).toBe(false);
    expect(validateContact({ ...valid, state: 'SP' }).state).toBe(true);
    expect(validateContact({ ...valid, name: 'A1' }).name).toBe(false);
    expect(validateContact({ ...valid, name: 'Ana1' }).name).toBe(false);
    expect(validateContact({ ...valid, name: 'João da Silva' }).name).toBe(true);
    expect(validateContact({ ...valid, name: 'Jo' }).name).toBe(false);
    expect(validateContact({ ...valid, name: 'a'.repeat(31) }).name).toBe(false);
    expect(validateContact({ ...valid, tel: maskPhone('11987654321') }).tel).toBe(true);
    expect(validateContact({ ...valid, tel: maskPhone('1134567890') }).tel).toBe(true);
    expect(validateContact({ ...valid, tel: maskPhone('119876') }).tel).toBe(false);
    expect(validateContact({ ...valid, city: 'Rio' }).city).toBe(true);
    expect(validateContact({ ...valid, city: 'Ri' }).city).toBe(false);
    expect(validateContact({ ...valid, text: 'x'.repeat(1001) }).text).toBe(false);
    expect(validateContact({ ...valid, email: 'ana@example' }).email).toBe(false);
    expect(validateContact({ ...valid, email: `${'a'.repeat(39)}@example.com` }).email).toBe(false);
    expect(validateContact({ ...valid, categoryId: 7 }).categoryId).toBe(true);
    expect(validateContact({ ...valid, categoryId: 9 }).categoryId).toBe(false);
  });
});

describe('work-with-us checks (doc2 §5, C15, C16, G24)', () => {
  const valid: WorkValues = {
    name: 'Ana',
    lastName: 'Souza',
    telefone: '(11) 98765-4321',
    email: 'ana@example.com',
    textoCargo: 'Produtora',
    aboutYou: 'Trabalho com rádio há dez anos.',
  };

  it('the limits of each field (WK-02)', () => {
    expect(isWorkValid(valid)).toBe(true);
    expect(validateWork({ ...valid, name: 'a'.repeat(21) }).name).toBe(false);
    expect(validateWork({ ...valid, name: 'a'.repeat(20) }).name).toBe(true);
    expect(validateWork({ ...valid, lastName: 'Li' }).lastName).toBe(false);
    expect(validateWork({ ...valid, email: `${'a'.repeat(19)}@example.com` }).email).toBe(false);
    expect(validateWork({ ...valid, email: `${'a'.repeat(18)}@example.com` }).email).toBe(true);
    expect(validateWork({ ...valid, textoCargo: 'x'.repeat(51) }).textoCargo).toBe(false);
    expect(validateWork({ ...valid, telefone: '' }).telefone).toBe(false);
    expect(validateWork({ ...valid, aboutYou: 'ok' }).aboutYou).toBe(false);
  });

  it('the CV: PDF, DOC or DOCX up to 5 MB (G24)', () => {
    const max = FORM_LIMITS.work.curriculumMaxBytes;
    expect(curriculumProblem({ name: 'cv.pdf', size: 1000 })).toBeNull();
    expect(curriculumProblem({ name: 'CV.DOCX', size: max })).toBeNull();
    expect(curriculumProblem({ name: 'cv.doc', size: 10 })).toBeNull();
    expect(curriculumProblem({ name: 'cv.pdf', size: max + 1 })).toBe('size');
    expect(curriculumProblem({ name: 'cv.pdf', size: 0 })).toBe('size');
    expect(curriculumProblem({ name: 'cv.png', size: 10 })).toBe('type');
    expect(curriculumProblem({ name: 'curriculo', size: 10 })).toBe('type');
  });
});

describe('free-streaming checks (doc2 §5)', () => {
  const valid: FreeStreamingValues = {
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

  it('CNPJ check digits, masked or bare', () => {
    expect(isValidCnpj(VALID_CNPJ)).toBe(true);
    expect(isValidCnpj(VALID_CNPJ_DIGITS)).toBe(true);
    expect(maskCnpj(VALID_CNPJ_DIGITS)).toBe(VALID_CNPJ);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.111.111/1111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001')).toBe(false);
  });

  it('runs the checks in the spec order and reports the first failure only (FS-01)', () => {
    expect(freeStreamingProblem(valid)).toBeNull();
    expect(freeStreamingProblem(EMPTY_FREE_STREAMING)).toEqual({
      field: 'company',
      message: 'A razão social é um campo obrigatório',
    });
    const order: [keyof FreeStreamingValues, string, string][] = [
      ['company', 'x'.repeat(51), FS.company],
      ['tradeName', '', FS.tradeName],
      ['cnpj', '11.222.333/0001-82', FS.cnpj],
      ['page', '', FS.page],
      ['nameOwner', 'A', FS.nameOwner],
      ['emailOwner', 'a@b', FS.emailOwner],
      ['telefone', '(11) 9876-543', FS.telefone],
      ['band', '', FS.band],
      ['frequency', '', FS.frequency],
      ['power', ' ', FS.power],
      ['state', '', FS.state],
      ['city', '', FS.city],
    ];
    for (const [field, value, message] of order) {
      expect(freeStreamingProblem({ ...valid, [field]: value }), field).toEqual({ field, message });
    }
    // Two failures: the earlier one wins.
    expect(freeStreamingProblem({ ...valid, city: '', tradeName: '' })?.field).toBe('tradeName');
  });

  it('owner name, e-mail and telephone boundaries (FS-03, FS-04)', () => {
    expect(freeStreamingProblem({ ...valid, nameOwner: 'Ana' })).toBeNull();
    expect(freeStreamingProblem({ ...valid, nameOwner: 'a'.repeat(31) })?.field).toBe('nameOwner');
    expect(freeStreamingProblem({ ...valid, emailOwner: `${'a'.repeat(29)}@example.com` })).toEqual(
      { field: 'emailOwner', message: FS.emailOwner },
    );
    expect(
      freeStreamingProblem({ ...valid, emailOwner: `${'a'.repeat(28)}@example.com` }),
    ).toBeNull();
    expect(freeStreamingProblem({ ...valid, telefone: '(11) 3456-7890' })).toBeNull();
    expect(freeStreamingProblem({ ...valid, telefone: '(11) 98765-4321' })).toBeNull();
    expect(freeStreamingProblem({ ...valid, cnpj: VALID_CNPJ })).toBeNull();
    expect(freeStreamingProblem({ ...valid, band: 'XX' })?.field).toBe('band');
    expect(FORM_LIMITS.freeStreaming.bands).toEqual(['FM', 'AM', 'OM/OC']);
  });
});
