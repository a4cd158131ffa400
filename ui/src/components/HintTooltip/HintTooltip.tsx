import type { CSSProperties, ReactNode } from 'react';
import classes from './HintTooltip.module.css';

export interface HintTooltipProps {
  /** The hint; the control carries the same text as its accessible name. */
  label: string;
  /** Hover this long before the hint shows (ms). */
  openDelay?: number;
  children: ReactNode;
}

/**
 * A short hint above a control while the pointer rests on it, like Mantine's Tooltip with its
 * default events (hover only) — in CSS alone: Mantine's Tooltip brings Floating UI, which then
 * every page would load first for the player bar's two buttons. The hint repeats the control's
 * accessible name, so it is hidden from assistive technology; touch screens do not show it.
 */
export function HintTooltip({ label, openDelay = 0, children }: HintTooltipProps) {
  return (
    <span className={classes.root} style={{ '--hint-delay': `${openDelay}ms` } as CSSProperties}>
      {children}
      <span className={classes.hint} aria-hidden>
        {label}
      </span>
    </span>
  );
}
