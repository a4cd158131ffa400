/** Small pieces the currency and crypto boxes share. */
import { Text } from '@mantine/core';
import { IconCaretDownFilled, IconCaretUpFilled, IconHistory } from '@tabler/icons-react';
import { formatChange, trendOf } from './format';
import classes from './Markets.module.css';

const TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * What the currency and crypto boxes say when their provider has nothing for them (it is down and no
 * recent answer is kept): a quiet line in the box, not an error; the next refresh tries again.
 */
export const MARKETS_UNAVAILABLE = 'Cotações indisponíveis no momento.';

/** A change in percent, green up and red down, with an arrow (the colour is not the only cue). */
export function Change({ value, label }: { value: number; label: string }) {
  const trend = trendOf(value);
  return (
    <Text component="span" className={classes.change} data-trend={trend} title={label}>
      {trend === 'up' && <IconCaretUpFilled size={14} aria-hidden />}
      {trend === 'down' && <IconCaretDownFilled size={14} aria-hidden />}
      <span className="sr-only">{label}: </span>
      {formatChange(value)}
    </Text>
  );
}

/** 'dados das 14h05': the provider did not answer and these are the last numbers it gave. */
export function StaleHint({ at, testId }: { at?: string; testId: string }) {
  const date = at ? new Date(at) : null;
  const time = date && !Number.isNaN(date.getTime()) ? TIME.format(date).replace(':', 'h') : '';
  return (
    <Text
      size="xs"
      c="dimmed"
      className={classes.stale}
      data-testid={testId}
      title="O serviço de cotações não respondeu; estes são os últimos dados recebidos."
    >
      <IconHistory size={13} aria-hidden />
      {time ? `dados das ${time}` : 'dados atrasados'}
    </Text>
  );
}
