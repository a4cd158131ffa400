import { describe, expect, it } from 'vitest';
import {
  hoursText,
  monthName,
  previousMonth,
  segmentsOf,
  toMinutes,
  weekdayOf,
  weekSegments,
} from './time';

describe('the grid clock', () => {
  it("reads 'HH:MM', midnight as 24:00 included", () => {
    expect(toMinutes('06:30')).toBe(390);
    expect(toMinutes('24:00')).toBe(1440);
    expect(toMinutes('24:30')).toBeNull();
    expect(toMinutes('6:30')).toBeNull();
  });

  it('splits a slot that crosses midnight, Sunday into Monday', () => {
    const slot = { weekday: 7, start: '23:00', end: '01:30' };
    expect(
      segmentsOf(slot).map(({ weekday, from, to, continued }) => [weekday, from, to, continued]),
    ).toEqual([
      [7, 1380, 1440, false],
      [1, 0, 90, true],
    ]);
  });

  it('keeps a slot that ends at midnight on its day (00:00 or 24:00)', () => {
    expect(segmentsOf({ weekday: 2, start: '22:00', end: '00:00' })).toHaveLength(1);
    expect(segmentsOf({ weekday: 2, start: '22:00', end: '24:00' })[0]).toMatchObject({
      from: 1320,
      to: 1440,
      continues: false,
    });
  });

  it('orders each day by start', () => {
    const days = weekSegments([
      { weekday: 1, start: '10:00', end: '12:00' },
      { weekday: 1, start: '06:00', end: '10:00' },
    ]);
    expect(days.get(1)?.map((part) => part.from)).toEqual([360, 600]);
    expect(days.get(2)).toEqual([]);
  });

  it('knows weekdays, the previous month and its name', () => {
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(previousMonth('2026-11-26')).toBe('2026-10');
    expect(previousMonth('2027-01-05')).toBe('2026-12');
    expect(monthName('2026-03')).toBe('março de 2026');
    expect(hoursText('22:00', '24:00')).toBe('22:00–00:00');
  });
});
