/**
 * What holds the weather strip's and the currency box's places while their chunk loads: their own
 * frames at their fixed sizes (the strip's minimum height, the box's head and quote slot), so
 * nothing moves when they take over and show their own placeholders.
 */
import { Paper, Text } from '@mantine/core';
import marketsClasses from '@/features/markets/Markets.module.css';
import weatherClasses from '@/features/weather/WeatherStrip.module.css';

export function WeatherStripPlaceholder() {
  return <div className={weatherClasses.strip} aria-busy="true" />;
}

export function CurrencyBoxPlaceholder() {
  return (
    <Paper withBorder className={marketsClasses.box} aria-busy="true">
      <div className={marketsClasses.boxHead}>
        <Text component="span" className={marketsClasses.boxTitle}>
          Câmbio
        </Text>
      </div>
      <div className={marketsClasses.quoteSlot} />
    </Paper>
  );
}
