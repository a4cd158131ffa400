import { describe, expect, it } from 'vitest';
import { dateToIso, isoToDate, maskCep, maskCpf, maskDate, maskPhone } from './masks';

describe('masks (doc3 §5)', () => {
  it('CPF 000.000.000-00', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529.982.247-25999')).toBe('529.982.247-25');
    expect(maskCpf('abc')).toBe('');
  });

  it('CEP 00000-000', () => {
    expect(maskCep('80000000')).toBe('80000-000');
    expect(maskCep('8000')).toBe('8000');
    expect(maskCep('800001')).toBe('80000-1');
  });

  it('phone (99) 9999-9999 for 10 digits, (99) 99999-9999 for 11', () => {
    expect(maskPhone('1130001975')).toBe('(11) 3000-1975');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1130001975').length).toBe(14);
    expect(maskPhone('11987654321').length).toBe(15);
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119876543210')).toBe('(11) 98765-4321');
  });

  it('date DD/MM/AAAA and its conversion', () => {
    expect(maskDate('15061996')).toBe('15/06/1996');
    expect(maskDate('1506')).toBe('15/06');
    expect(dateToIso('15/06/1996')).toBe('1996-06-15');
    expect(dateToIso('15/06/19')).toBe('15/06/19');
    expect(isoToDate('1996-06-15')).toBe('15/06/1996');
    expect(isoToDate(null)).toBe('');
  });
});
