/** The behind-live texts and the recording's times of day. */
import { describe, expect, it } from 'vitest';
import { behindLiveShort, behindLiveText, clockTime } from './timeshift-format';

describe('timeshift texts', () => {
  it('how far behind live, in words', () => {
    expect(behindLiveText(44_600)).toBe('há 45 s do ao vivo');
    expect(behindLiveText(12 * 60_000 + 34_000)).toBe('há 12 min do ao vivo');
    expect(behindLiveText(65 * 60_000)).toBe('há 1 h 05 min do ao vivo');
    expect(behindLiveText(-500)).toBe('há 0 s do ao vivo');
  });

  it('and as a clock counting back from live', () => {
    expect(behindLiveShort(45_000)).toBe('−0:45');
    expect(behindLiveShort(12 * 60_000 + 34_000)).toBe('−12:34');
    expect(behindLiveShort(3_723_000)).toBe('−1:02:03');
  });

  it('an instant as Brasília’s time of day, whatever the visitor’s zone', () => {
    expect(clockTime(Date.parse('2026-11-22T16:42:10Z'))).toBe('13:42:10');
    expect(clockTime(Date.parse('2026-11-23T02:05:09Z'))).toBe('23:05:09');
  });
});
