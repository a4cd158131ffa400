/** Instants ↔ media time over a media playlist's dated segments (what hls.js gives per fragment). */
import { describe, expect, it } from 'vitest';
import { dateAt, positionAt, windowOf, type DatedFragment } from './hls-timeline';

const T0 = Date.parse('2026-11-22T13:00:00Z');

/** Four-second segments from media time 100, dated from T0; `gapAfter`: a 10 s hole after it. */
function segments(count: number, gapAfter = -1): DatedFragment[] {
  const list: DatedFragment[] = [];
  let date = T0;
  for (let index = 0; index < count; index += 1) {
    list.push({ start: 100 + index * 4, duration: 4, programDateTime: date });
    date += 4000 + (index === gapAfter ? 10_000 : 0);
  }
  return list;
}

describe('hls timeline', () => {
  it('the window runs from the oldest segment to the newest one’s end', () => {
    expect(windowOf(segments(30))).toEqual({ startMs: T0, endMs: T0 + 120_000 });
    expect(windowOf([{ start: 0, duration: 4, programDateTime: null }])).toBeNull();
  });

  it('an instant maps into the segment that covers it, and back', () => {
    const list = segments(30);
    expect(positionAt(list, T0 + 10_500)).toBe(110.5);
    expect(dateAt(list, 110.5)).toBe(T0 + 10_500);
    expect(positionAt(list, T0 + 119_000)).toBe(219);
  });

  it('clamps: before the window, its first segment; after it, just before its end', () => {
    const list = segments(30);
    expect(positionAt(list, T0 - 60_000)).toBe(100);
    expect(positionAt(list, T0 + 10 * 60_000)).toBe(219.5);
    expect(positionAt([], T0)).toBeNull();
  });

  it('an instant in a gap between segments (a restart) plays the next segment', () => {
    const list = segments(10, 4);
    // Segment 4 covers T0+16 s..T0+20 s; segment 5 starts at T0+30 s (media time 120).
    expect(positionAt(list, T0 + 25_000)).toBe(120);
    expect(positionAt(list, T0 + 31_000)).toBe(121);
  });
});
