import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './document-title';

describe('formatDocumentTitle', () => {
  it("appends ' | ' and the station name", () => {
    expect(formatDocumentTitle('Promoções', 'Onda FM')).toBe('Promoções | Onda FM');
  });

  it('cuts the page title to 60 characters', () => {
    const long = 'a'.repeat(80);
    expect(formatDocumentTitle(long, 'Onda FM')).toBe(`${'a'.repeat(60)} | Onda FM`);
  });

  it('uses the given limit (tags 32, promotions 40)', () => {
    expect(formatDocumentTitle('b'.repeat(50), 'X', 32)).toBe(`${'b'.repeat(32)} | X`);
  });

  it('is just the station name without a page title', () => {
    expect(formatDocumentTitle('', 'Onda FM')).toBe('Onda FM');
  });
});
