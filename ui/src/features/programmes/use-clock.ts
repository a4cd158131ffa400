/**
 * The time now, as state that moves on every `intervalMs`: what depends on the clock (the slot on
 * air, 'hoje' or 'amanhã') is rendered from it, so a render stays pure and the text still turns
 * over while the page stays open.
 */
import { useEffect, useState } from 'react';

export function useClock(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
