/** The polyline of a sparkline (the geometry of Sparkline.tsx, apart so tests can read it). */

/** Points of `values` in a `width` × `height` box, the highest at the top (1 px of air each side). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return '';
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min;
  const pad = 1;
  const step = width / (finite.length - 1);
  return finite
    .map((value, index) => {
      const x = index * step;
      const y = span === 0 ? height / 2 : pad + (1 - (value - min) / span) * (height - 2 * pad);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}
