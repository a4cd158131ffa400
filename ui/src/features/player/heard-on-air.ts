/**
 * What was on air at the instant a listener behind live is hearing (the song, the programme), as
 * a plain store: the bar, the live page, rating and the Media Session read it while timeshift
 * plays the past, and the now-playing (now-playing.ts) otherwise. Filled by the follower of
 * heard-on-air-follower.ts, which asks the server (`aovivo/onAir`) as the heard instant moves on.
 */
import { useSyncExternalStore } from 'react';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { ScheduleSlot } from '@/generated/ScheduleSlot';

export interface HeardOnAir {
  /** The instant the answer is about (epoch ms). */
  atMs: number;
  /** The play on air then; `null` when nothing was (or the answer failed). */
  item: NowPlaying | null;
  /** The programme grid's slot on air then. */
  programme: ScheduleSlot | null;
  /** An answer about a newer instant is on its way (what is shown stays meanwhile). */
  loading: boolean;
}

let current: HeardOnAir | null = null;
const listeners = new Set<() => void>();

/** `null`: at live, nothing to show from the past. */
export function setHeardOnAir(next: HeardOnAir | null): void {
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

export function getHeardOnAir(): HeardOnAir | null {
  return current;
}

export function subscribeHeardOnAir(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHeardOnAir(): HeardOnAir | null {
  return useSyncExternalStore(subscribeHeardOnAir, getHeardOnAir, getHeardOnAir);
}
