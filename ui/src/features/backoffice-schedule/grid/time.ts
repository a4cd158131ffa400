/**
 * The grid's clock: 'HH:MM' on the station's wall clock (Brasília), ISO weekdays (1 = Monday), and
 * how a weekly slot lies on the days of the week. A slot whose end is not after its start ends the
 * next day (the server's rule): it is drawn on both days, the second part marked as a continuation.
 */
import { MONTHS_PT } from '@/lib/months';

export const DAY_MINUTES = 24 * 60;

/** 'HH:MM' → minutes since midnight ('24:00' → 1440); null for anything else. */
export function toMinutes(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight → 'HH:MM'. */
export function fromMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The weekday after `weekday` (Sunday → Monday). */
export const nextWeekday = (weekday: number) => (weekday % 7) + 1;

/** A slot's part on one day: from `from` to `to` minutes, and whether it runs on from the day before or into the next. */
export interface DaySegment<S> {
  slot: S;
  weekday: number;
  from: number;
  to: number;
  /** This part is the slot continuing after midnight. */
  continued: boolean;
  /** The slot goes on past midnight. */
  continues: boolean;
}

/** What the week needs of a slot. */
export interface TimedSlot {
  weekday: number;
  start: string;
  end: string;
}

/** A slot's parts: one on its day, and one the next day when it crosses midnight. */
export function segmentsOf<S extends TimedSlot>(slot: S): DaySegment<S>[] {
  const start = toMinutes(slot.start);
  const end = toMinutes(slot.end);
  if (start === null || end === null || start >= DAY_MINUTES) return [];
  if (end > start)
    return [
      { slot, weekday: slot.weekday, from: start, to: end, continued: false, continues: false },
    ];
  // Ends the next day: up to midnight here, then from midnight to its end (none when that is 00:00).
  const parts: DaySegment<S>[] = [
    {
      slot,
      weekday: slot.weekday,
      from: start,
      to: DAY_MINUTES,
      continued: false,
      continues: end > 0,
    },
  ];
  if (end > 0)
    parts.push({
      slot,
      weekday: nextWeekday(slot.weekday),
      from: 0,
      to: end,
      continued: true,
      continues: false,
    });
  return parts;
}

/** Every slot's parts by weekday (1–7), each day in time order. */
export function weekSegments<S extends TimedSlot>(slots: S[]): Map<number, DaySegment<S>[]> {
  const days = new Map<number, DaySegment<S>[]>();
  for (let weekday = 1; weekday <= 7; weekday += 1) days.set(weekday, []);
  for (const slot of slots) for (const part of segmentsOf(slot)) days.get(part.weekday)?.push(part);
  for (const parts of days.values()) parts.sort((a, b) => a.from - b.from || a.to - b.to);
  return days;
}

/** The ISO weekday of a calendar day 'YYYY-MM-DD' (null when unreadable). */
export function weekdayOf(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return null;
  const sunday0 = date.getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

/** The month before the one of `day` ('YYYY-MM-DD' → 'YYYY-MM'): the ECAD report's usual month. */
export function previousMonth(day: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(day);
  if (!match) return '';
  let year = Number(match[1]);
  let month = Number(match[2]) - 1;
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** '2026-10' → 'outubro de 2026' ('' when unreadable). */
export function monthName(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS_PT[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} de ${match[1]}` : '';
}

/** '06:00–10:00', the end as the server wrote it ('24:00' reads as '00:00', the midnight it is). */
export function hoursText(start: string, end: string): string {
  return `${start}–${end === '24:00' ? '00:00' : end}`;
}
