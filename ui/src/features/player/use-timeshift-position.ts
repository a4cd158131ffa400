/**
 * Where the listener is in the timeshift window, for the controls (components/Timeshift.tsx): read
 * from the player twice a second and on each of its changes, a new value only when a second moved.
 */
import { useEffect, useState } from 'react';
import { TIMESHIFT_POSITION_TICK_MS } from '@/lib/constants';
import { usePlayerMachine } from './hooks';
import type { TimeshiftPosition } from './player-machine';

const sameSecond = (a: number, b: number) => Math.floor(a / 1000) === Math.floor(b / 1000);

export function useTimeshiftPosition(): TimeshiftPosition | null {
  const player = usePlayerMachine();
  const [position, setPosition] = useState(() => player.timeshiftPosition());
  useEffect(() => {
    const update = () => {
      const next = player.timeshiftPosition();
      setPosition((previous) =>
        previous &&
        next &&
        sameSecond(previous.atMs, next.atMs) &&
        sameSecond(previous.liveMs, next.liveMs) &&
        sameSecond(previous.startMs, next.startMs)
          ? previous
          : next,
      );
    };
    const timer = setInterval(update, TIMESHIFT_POSITION_TICK_MS);
    const unsubscribe = player.subscribe(update);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [player]);
  return position;
}
