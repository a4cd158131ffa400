/**
 * The slot form's values and checks, apart from its component: a weekly slot and a one-off change
 * are the same form, the change adding a date and a note and dropping the weekday.
 */
import type { ExceptionInput } from '@/generated/ExceptionInput';
import type { ProgramOption } from '@/generated/ProgramOption';
import type { ScheduleException } from '@/generated/ScheduleException';
import type { SlotFill } from '@/generated/SlotFill';
import type { SlotInput } from '@/generated/SlotInput';
import type { WeeklySlot } from '@/generated/WeeklySlot';
import { SCHEDULE_MESSAGES } from '../messages';
import { fromMinutes, toMinutes } from './time';

/** What the form edits: a weekly slot or a one-off change, stored (with its row) or new. */
export type FormTarget =
  | {
      kind: 'slot';
      slot: WeeklySlot | null;
      /** A new slot's day and hours (the hour clicked on the grid). */
      preset?: { weekday: number; start: string; end: string };
    }
  | { kind: 'exception'; exception: ScheduleException | null };

export interface SlotFormValues {
  /** 'YYYY-MM-DD' (one-off changes only). */
  date: string;
  /** The programme's id as the select holds it; '' for none chosen. */
  programId: string;
  /** '1'–'7' (weekly slots only). */
  weekday: string;
  start: string;
  end: string;
  presenters: string;
  fill: SlotFill;
  /** The playlist's id as the select holds it; '' for none. */
  playlistId: string;
  note: string;
}

export type SlotFormErrors = Partial<Record<keyof SlotFormValues, string>>;

/** A time input holds 00:00–23:59: the server's '24:00' (midnight) is its '00:00'. */
const forInput = (time: string) => (time === '24:00' ? '00:00' : time);

/** A new slot: the hour clicked (else 'now-ish' defaults: Monday 06:00–07:00), live. */
export function initialValues(target: FormTarget, today: string): SlotFormValues {
  const blank: SlotFormValues = {
    date: today,
    programId: '',
    weekday: '1',
    start: '06:00',
    end: '07:00',
    presenters: '',
    fill: 'live',
    playlistId: '',
    note: '',
  };
  const row = target.kind === 'slot' ? target.slot : target.exception;
  if (row) {
    return {
      ...blank,
      date: 'date' in row ? row.date : today,
      weekday: 'weekday' in row ? String(row.weekday) : blank.weekday,
      programId: String(row.programId),
      start: forInput(row.start),
      end: forInput(row.end),
      presenters: row.presenters,
      fill: row.fill,
      playlistId: row.playlistId === null ? '' : String(row.playlistId),
      note: 'note' in row ? row.note : '',
    };
  }
  if (target.kind === 'slot' && target.preset)
    return {
      ...blank,
      weekday: String(target.preset.weekday),
      start: target.preset.start,
      end: forInput(target.preset.end),
    };
  return blank;
}

/** The hour after `start` for a click on the grid's empty hour ('23:00' → '24:00'). */
export function hourPreset(weekday: number, hour: number) {
  return { weekday, start: fromMinutes(hour * 60), end: fromMinutes((hour + 1) * 60) };
}

/**
 * A programme chosen: its host proposed as the presenters, unless someone typed other names (the
 * field is empty, or still the previous programme's host).
 */
export function presentersFor(
  values: SlotFormValues,
  programId: string,
  programs: ProgramOption[],
): string {
  const hostOf = (id: string) => programs.find((program) => String(program.id) === id)?.host ?? '';
  const current = values.presenters.trim();
  if (current === '' || current === hostOf(values.programId).trim()) return hostOf(programId);
  return values.presenters;
}

/** The client's checks: what the server would refuse anyway, said under the field at once. */
export function validate(values: SlotFormValues, kind: FormTarget['kind']): SlotFormErrors {
  const errors: SlotFormErrors = {};
  const m = SCHEDULE_MESSAGES;
  if (kind === 'exception' && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = m.required;
  if (!values.programId) errors.programId = m.required;
  if (toMinutes(values.start) === null) errors.start = values.start ? m.invalidTime : m.required;
  if (toMinutes(values.end) === null) errors.end = values.end ? m.invalidTime : m.required;
  if (values.fill === 'playlist' && !values.playlistId) errors.playlistId = m.playlistRequired;
  return errors;
}

const idOrNull = (value: string) => (value ? Number(value) : null);

/** The weekly slot's body (`version` the stored one when changing it). */
export function toSlotInput(values: SlotFormValues, slot: WeeklySlot | null): SlotInput {
  return {
    programId: Number(values.programId),
    weekday: Number(values.weekday),
    start: values.start,
    end: values.end,
    presenters: values.presenters.trim(),
    fill: values.fill,
    playlistId: idOrNull(values.playlistId),
    version: slot?.version ?? null,
  };
}

/** The one-off change's body. */
export function toExceptionInput(
  values: SlotFormValues,
  exception: ScheduleException | null,
): ExceptionInput {
  return {
    date: values.date,
    programId: Number(values.programId),
    start: values.start,
    end: values.end,
    presenters: values.presenters.trim(),
    fill: values.fill,
    playlistId: idOrNull(values.playlistId),
    note: values.note.trim(),
    version: exception?.version ?? null,
  };
}
