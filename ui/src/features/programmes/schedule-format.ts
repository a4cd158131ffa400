/**
 * The programme grid's words and times. The server sends Brasília wall-clock times ('HH:MM') and
 * instants with the Brasília offset (UTC−3 all year), so a date is read from the instant's own text
 * and "today" is the Brasília calendar date, whatever the visitor's time zone.
 */
import type { ScheduleDay } from '@/generated/ScheduleDay';
import type { ScheduleSlot } from '@/generated/ScheduleSlot';
import { MONTHS_PT } from '@/lib/months';

/** Brasília has had no daylight saving time since 2019: UTC−3 all year, as the server writes. */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

/** ISO weekday (1 = Monday … 7 = Sunday) → the day picker's short name. */
const WEEKDAY_SHORT = ['', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'] as const;
/** ISO weekday → the long name, for 'Próxima edição: quarta, 02/12, às 22:00'. */
const WEEKDAY_LONG = [
  '',
  'segunda',
  'terça',
  'quarta',
  'quinta',
  'sexta',
  'sábado',
  'domingo',
] as const;

export const SCHEDULE_TEXT = {
  title: 'Programação',
  description: 'Os programas da rádio, dia a dia e hora a hora.',
  channel: 'Canal',
  days: 'Dias da programação',
  today: 'Hoje',
  tomorrow: 'Amanhã',
  onAir: 'No ar',
  onAirNow: 'No ar agora',
  next: 'A seguir',
  special: 'Especial',
  live: 'Ao vivo',
  playlist: 'Música',
  emptyTitle: 'Programação musical o dia todo',
  emptyDescription: 'Neste dia a rádio toca música sem parar, sem programas na grade.',
  listenLive: 'Ouvir ao vivo',
  fromDayBefore: 'desde a véspera',
  notFound: 'NÃO ACHAMOS ESSE PROGRAMA :(',
  channelNotFound: 'NÃO ACHAMOS ESSE CANAL :(',
  notFoundBack: 'Ver a programação',
  loadProgramError: 'Não foi possível carregar o programa.',
  whenOnAir: 'Quando vai ao ar',
  host: 'Apresentação',
  noAirings: 'Este programa não está na grade no momento.',
  nextEdition: 'Próxima edição',
  loadingGrid: 'Carregando a programação',
  loadingProgram: 'Carregando programa',
} as const;

/** A programme's page. */
export function programmePath(slug: string): string {
  return `/programacao/${encodeURIComponent(slug)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Brasília calendar date at `now`, 'YYYY-MM-DD', moved by `days`. */
export function brasiliaDate(now: number, days = 0): string {
  const shifted = new Date(now + BRASILIA_OFFSET_MS);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** 'YYYY-MM-DD' → 'DD/MM'. */
function dayMonth(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD' date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The day picker's label: 'Hoje' and 'Amanhã' for the first two days of the week the server sends
 * (today first), then 'Qua 02/12'.
 */
export function dayLabel(day: Pick<ScheduleDay, 'date' | 'weekday'>, index: number): string {
  if (index === 0) return SCHEDULE_TEXT.today;
  if (index === 1) return SCHEDULE_TEXT.tomorrow;
  return `${WEEKDAY_SHORT[day.weekday] ?? ''} ${dayMonth(day.date)}`.trim();
}

/** The Brasília date an instant starts on ('2026-12-02T22:00:00-03:00' → '2026-12-02'). */
export function slotDate(instant: string): string {
  return instant.slice(0, 10);
}

/** A programme that crosses midnight, shown in the day it ends in: it began the day before. */
export function startedDayBefore(slot: ScheduleSlot, day: Pick<ScheduleDay, 'date'>): boolean {
  return slotDate(slot.startsAt) < day.date;
}

/** The same airing: a weekly slot's id repeats on every day it airs, so the start tells them apart. */
export function sameAiring(a: ScheduleSlot | null | undefined, b: ScheduleSlot): boolean {
  return !!a && a.id === b.id && a.special === b.special && a.startsAt === b.startsAt;
}

/** 'Ana e Beto' → 'com Ana e Beto'; nobody named → ''. */
export function withPresenters(presenters: string): string {
  const names = presenters.trim();
  return names ? `com ${names}` : '';
}

/** '06:00' and '10:00' → '06:00 – 10:00' (the grid's compact range). */
export function timeRange(start: string, end: string): string {
  return `${start} – ${end}`;
}

/**
 * When an airing starts, said from today: 'hoje às 22:00', 'amanhã às 06:00', or
 * 'quarta, 02/12, às 22:00' further on.
 */
export function whenLabel(slot: Pick<ScheduleSlot, 'startsAt' | 'start'>, now: number): string {
  const date = slotDate(slot.startsAt);
  if (date === brasiliaDate(now)) return `hoje às ${slot.start}`;
  if (date === brasiliaDate(now, 1)) return `amanhã às ${slot.start}`;
  return `${WEEKDAY_LONG[isoWeekday(date)] ?? ''}, ${dayMonth(date)}, às ${slot.start}`;
}

/** 'A seguir: Jornal da Onda às 10:00', with 'amanhã'/weekday when it is not today. */
export function nextLabel(slot: Pick<ScheduleSlot, 'startsAt' | 'start'>, now: number): string {
  const when = whenLabel(slot, now);
  return when.startsWith('hoje ') ? when.slice('hoje '.length) : when;
}

/** The airing is on air at `now` (the instants carry their offset, so Date reads them exactly). */
export function isOnAir(slot: Pick<ScheduleSlot, 'startsAt' | 'endsAt'>, now: number): boolean {
  return Date.parse(slot.startsAt) <= now && now < Date.parse(slot.endsAt);
}

/**
 * An instant's Brasília calendar date and wall-clock time ('2026-11-28', '10:00'), from its value
 * rather than its text, so an instant written in UTC reads the same; `null` when unreadable.
 */
function brasiliaWallClock(instant: string): { date: string; time: string } | null {
  const time = Date.parse(instant);
  if (!Number.isFinite(time)) return null;
  const shifted = new Date(time + BRASILIA_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/**
 * When a recording aired, in two parts: 'Sábado, 28 de novembro' and '10:00–12:00' (Brasília).
 * Recordings are kept a few days, so the year goes without saying.
 */
export function airedParts(startsAt: string, endsAt: string): { day: string; hours: string } {
  const start = brasiliaWallClock(startsAt);
  const end = brasiliaWallClock(endsAt);
  if (!start) return { day: '', hours: '' };
  const weekday = WEEKDAY_LONG[isoWeekday(start.date)] ?? '';
  const month = MONTHS_PT[Number(start.date.slice(5, 7)) - 1] ?? '';
  return {
    day: `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${Number(start.date.slice(8, 10))} de ${month}`,
    hours: end ? `${start.time}–${end.time}` : start.time,
  };
}

/** 'Sábado, 28 de novembro · 10:00–12:00'. */
export function airedLabel(startsAt: string, endsAt: string): string {
  const { day, hours } = airedParts(startsAt, endsAt);
  return day ? `${day} · ${hours}` : '';
}

/** A recording's length to the minute: '2 h', '1 h 30 min', '45 min' (never less than '1 min'). */
export function durationLabel(durationMs: number): string {
  const minutes = Math.max(1, Math.round(durationMs / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
