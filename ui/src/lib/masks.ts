/**
 * Input masks of the profile form (doc3 §5): CPF 000.000.000-00, CEP 00000-000, phone
 * (99) 99999-9999 or (99) 9999-9999, date DD/MM/AAAA; and the free-streaming request's CNPJ
 * 99.999.999/9999-99 (doc2 §5). Each takes whatever was typed or pasted and
 * returns the masked text of its digits, so partial input stays partial.
 */

function digitsOf(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Places `digits` into `pattern` where `9` stands for a digit; stops when the digits run out. */
function applyPattern(digits: string, pattern: string): string {
  let out = '';
  let index = 0;
  for (const char of pattern) {
    if (index >= digits.length) break;
    if (char === '9') {
      out += digits[index];
      index += 1;
    } else {
      out += char;
    }
  }
  return out;
}

export function maskCpf(value: string): string {
  return applyPattern(digitsOf(value, 11), '999.999.999-99');
}

export function maskCnpj(value: string): string {
  return applyPattern(digitsOf(value, 14), '99.999.999/9999-99');
}

export function maskCep(value: string): string {
  return applyPattern(digitsOf(value, 8), '99999-999');
}

/** Ten digits → (99) 9999-9999 (14 characters); eleven → (99) 99999-9999 (15). */
export function maskPhone(value: string): string {
  const digits = digitsOf(value, 11);
  return applyPattern(digits, digits.length > 10 ? '(99) 99999-9999' : '(99) 9999-9999');
}

export function maskDate(value: string): string {
  return applyPattern(digitsOf(value, 8), '99/99/9999');
}

/** 'DD/MM/AAAA' → 'AAAA-MM-DD'; anything incomplete → the text unchanged (validation refuses it). */
export function dateToIso(value: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** 'AAAA-MM-DD' (possibly with a time part) → 'DD/MM/AAAA'; empty for anything else. */
export function isoToDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
