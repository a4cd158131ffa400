import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { charCount, failureText, isBlankHtml, isConflict, parseId, sameValues } from './form';

const TEXTS = { loginRequired: 'Entre primeiro.', noPermission: 'Sem permissão.' };

const refusal = (code: number, message: string) => new ApiError(code, message, code);

describe('form helpers', () => {
  it('a blank tiptap document is no text; a picture alone is', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/media/images/a"></p>')).toBe(false);
  });

  it('counts characters as the server does', () => {
    expect(charCount('  ação  ')).toBe(4);
    expect(charCount('🎵')).toBe(1);
  });

  it('compares values, arrays by content', () => {
    expect(sameValues({ a: 'x', tags: ['MPB'] }, { a: 'x', tags: ['MPB'] })).toBe(true);
    expect(sameValues({ a: 'x', tags: ['MPB'] }, { a: 'x', tags: ['Rock'] })).toBe(false);
    expect(sameValues({ a: true }, { a: false })).toBe(false);
  });

  it('reads a route id, else null', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('words a failure: the desk’s refusals, the server’s 400, else the fallback', () => {
    expect(failureText(refusal(401, 'x'), 'Falhou.', TEXTS)).toBe('Entre primeiro.');
    expect(failureText(refusal(403, 'x'), 'Falhou.', TEXTS)).toBe('Sem permissão.');
    expect(failureText(refusal(400, 'O título é obrigatório.'), 'Falhou.', TEXTS)).toBe(
      'O título é obrigatório.',
    );
    expect(failureText(refusal(400, 'invalid data'), 'Falhou.', TEXTS)).toBe('Falhou.');
    expect(failureText(new Error('rede'), 'Falhou.', TEXTS)).toBe('Falhou.');
    expect(isConflict(refusal(409, 'x'))).toBe(true);
  });
});
