/**
 * A small inline SVG line of a series (the coins' 7-day prices): one polyline and a faint area under
 * it, scaled to the box. No chart library: the home page's first load stays small.
 */
import { sparklinePoints } from './sparkline-points';
import classes from './Markets.module.css';

export interface SparklineProps {
  values: readonly number[];
  /** Read by screen readers (the chart itself is a picture). */
  label: string;
  trend: 'up' | 'down' | 'flat';
  width?: number;
  height?: number;
}

export function Sparkline({ values, label, trend, width = 120, height = 36 }: SparklineProps) {
  const points = sparklinePoints(values, width, height);
  return (
    <svg
      className={classes.sparkline}
      data-trend={trend}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="sparkline"
    >
      {points && (
        <>
          <polygon
            className={classes.sparkArea}
            points={`0,${height} ${points} ${width},${height}`}
          />
          <polyline className={classes.sparkLine} points={points} />
        </>
      )}
    </svg>
  );
}
