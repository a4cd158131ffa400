import { describe, expect, it } from 'vitest';
import { initTestFlags, mergeTestFlags, parseTestFlags, publishTestFlags } from './test-flags';

describe('parseTestFlags', () => {
  it('turns test_ params into flags with true/false as booleans (SH-15)', () => {
    expect(parseTestFlags('?test_alpha=true&test_beta=false&test_gamma=x')).toEqual({
      alpha: true,
      beta: false,
      gamma: 'x',
    });
  });

  it('ignores other parameters and an empty flag name', () => {
    expect(parseTestFlags('?utm_source=abc&test_=1&streamId=onda_1&test_new=TRUE')).toEqual({
      new: 'TRUE',
    });
  });

  it('keeps text values as strings, including empty ones', () => {
    expect(parseTestFlags('?test_variant=b&test_empty=')).toEqual({ variant: 'b', empty: '' });
  });
});

describe('mergeTestFlags', () => {
  it('enables the station tests and lets query flags override them', () => {
    const merged = mergeTestFlags({ beta: false, gamma: 'x' }, ['alpha', 'beta']);
    expect(merged).toEqual({ alpha: true, beta: false, gamma: 'x' });
    expect(Object.isFrozen(merged)).toBe(true);
  });
});

describe('window.__ondaTestFlags', () => {
  it('exposes a read-only copy of the startup flags', () => {
    initTestFlags('?test_alpha=true&test_beta=false&test_gamma=x');
    expect(window.__ondaTestFlags).toEqual({ alpha: true, beta: false, gamma: 'x' });
    expect(Object.isFrozen(window.__ondaTestFlags)).toBe(true);
    expect(() => {
      (window as { __ondaTestFlags?: unknown }).__ondaTestFlags = {};
    }).toThrow();
  });

  it('can be republished with the merged flags', () => {
    publishTestFlags(mergeTestFlags({ alpha: true }, ['fromStation']));
    expect(window.__ondaTestFlags).toEqual({ alpha: true, fromStation: true });
  });
});
