/**
 * The weather icon's four buckets (doc2 §2; WEATHER_TEMP_THRESHOLDS): at or below 10 °C, up to 20,
 * up to 30, above 30. The bucket follows the temperature as shown (rounded to a whole degree), so a
 * strip saying 10 °C never shows the 11–20 icon.
 */
import { IconFlame, IconSnowflake, IconSun, IconTemperature, type Icon } from '@tabler/icons-react';
import { WEATHER_TEMP_THRESHOLDS } from '@/lib/constants';

export interface TemperatureBucket {
  /** 0 … 3, coldest first. */
  index: number;
  /** A name for tests and styles. */
  name: 'cold' | 'mild' | 'warm' | 'hot';
  /** Read by screen readers with the temperature. */
  label: string;
  icon: Icon;
  color: string;
}

const BUCKETS: TemperatureBucket[] = [
  { index: 0, name: 'cold', label: 'Frio', icon: IconSnowflake, color: 'blue' },
  { index: 1, name: 'mild', label: 'Ameno', icon: IconTemperature, color: 'teal' },
  { index: 2, name: 'warm', label: 'Quente', icon: IconSun, color: 'yellow' },
  { index: 3, name: 'hot', label: 'Muito quente', icon: IconFlame, color: 'red' },
];

/** The whole degrees shown for a temperature (−0 shows as 0). */
export function shownDegrees(celsius: number): number {
  return Math.round(celsius) || 0;
}

export function temperatureBucket(celsius: number): TemperatureBucket {
  const shown = shownDegrees(celsius);
  const index = WEATHER_TEMP_THRESHOLDS.findIndex((limit) => shown <= limit);
  return BUCKETS[index === -1 ? BUCKETS.length - 1 : index] as TemperatureBucket;
}
