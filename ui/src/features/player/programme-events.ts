/**
 * The programme on air, as the now-playing push channel tells it: the same channel
 * (now-playing-events.ts) also carries events named `programme` whose data is a
 * {@link ScheduleNow}, one on connect and one per change of the programme on air or the next one.
 * They are handed on here, so whatever shows the programme (features/programmes) follows them
 * without a second connection to the server.
 */
import type { ScheduleNow } from '@/generated/ScheduleNow';

type ProgrammeListener = (now: ScheduleNow) => void;

const listeners = new Set<ProgrammeListener>();

function isSlotOrNull(value: unknown): boolean {
  return (
    value === null ||
    (typeof value === 'object' &&
      'program' in value &&
      typeof value.program === 'object' &&
      value.program !== null &&
      'startsAt' in value &&
      typeof value.startsAt === 'string' &&
      'endsAt' in value &&
      typeof value.endsAt === 'string')
  );
}

export function isScheduleNow(value: unknown): value is ScheduleNow {
  return (
    typeof value === 'object' &&
    value !== null &&
    'streamId' in value &&
    typeof value.streamId === 'string' &&
    'now' in value &&
    isSlotOrNull(value.now) &&
    'next' in value &&
    isSlotOrNull(value.next)
  );
}

/** A `programme` event's data from the push channel; anything malformed is dropped. */
export function publishProgrammeEvent(data: unknown): void {
  if (!isScheduleNow(data)) return;
  for (const listener of [...listeners]) listener(data);
}

/** Follows the programme events of every channel the page is connected to. */
export function subscribeProgrammeEvents(listener: ProgrammeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
