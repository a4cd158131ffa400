import { describe, expect, it } from 'vitest';
import { formatNewsDate, formatNewsDateTime, formatRelativeAge } from './format';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('news dates', () => {
  it('shows the Brasília date and time', () => {
    expect(formatNewsDate('2026-11-23T09:30:00Z')).toBe('23/11/2026');
    expect(formatNewsDateTime('2026-11-23T09:30:00Z')).toBe('23/11/2026 às 06h30');
    // 01:00 UTC is still the previous day in Brasília.
    expect(formatNewsDate('2026-11-23T01:00:00Z')).toBe('22/11/2026');
    expect(formatNewsDate('não é data')).toBe('');
  });

  it("relative age: years, months, weeks, days, hours, else '1 min' (doc2 §9)", () => {
    expect(formatRelativeAge(ago(0), NOW)).toBe('1 min');
    expect(formatRelativeAge(ago(59 * MIN), NOW)).toBe('1 min');
    expect(formatRelativeAge(ago(-5 * MIN), NOW)).toBe('1 min');
    expect(formatRelativeAge(ago(HOUR), NOW)).toBe('1 hora');
    expect(formatRelativeAge(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23 horas');
    expect(formatRelativeAge(ago(DAY), NOW)).toBe('1 dia');
    expect(formatRelativeAge(ago(6 * DAY), NOW)).toBe('6 dias');
    expect(formatRelativeAge(ago(7 * DAY), NOW)).toBe('1 semana');
    expect(formatRelativeAge(ago(29 * DAY), NOW)).toBe('4 semanas');
    expect(formatRelativeAge(ago(30 * DAY), NOW)).toBe('1 mês');
    expect(formatRelativeAge(ago(200 * DAY), NOW)).toBe('6 meses');
    expect(formatRelativeAge(ago(365 * DAY), NOW)).toBe('1 ano');
    expect(formatRelativeAge(ago(3 * 365 * DAY), NOW)).toBe('3 anos');
    expect(formatRelativeAge('', NOW)).toBe('');
  });
});
