import { Text } from '@mantine/core';
import { IconBroadcast, IconTool } from '@tabler/icons-react';
import { AppLink } from '@/components/AppLink/AppLink';
import { useAppParameters } from '@/lib/app-parameters';
import { useStationName } from '@/lib/station';
import classes from './TopBar.module.css';

export const MAINTENANCE_TEXT =
  'Estamos em manutenção. Em Breve todas as funcionalidades voltarão ao normal.';
const DEFAULT_LINK = '/ouvir-radio-online';
const FALLBACK_FROM = '#ff5f1f';
const FALLBACK_TO = '#c2185b';

/** Only plain colour values from the server reach the style attribute. */
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
function safeColor(value: string | undefined, fallback: string): string {
  return value && COLOR.test(value.trim()) ? value.trim() : fallback;
}

/**
 * The strip above the header: the app parameters' link text over their two-colour gradient, or the
 * maintenance notice when the station is in maintenance (G59: nothing else changes).
 */
export function TopBar() {
  const { data } = useAppParameters();
  const name = useStationName();
  const bar = data?.headerBar;
  const from = safeColor(bar?.gradientFrom, FALLBACK_FROM);
  const to = safeColor(bar?.gradientTo, FALLBACK_TO);
  // A light shade over the station's gradient keeps the white text readable on bright colours.
  const style = {
    backgroundImage: `linear-gradient(rgba(0, 0, 0, 0.16), rgba(0, 0, 0, 0.16)), linear-gradient(90deg, ${from}, ${to})`,
  };

  if (data?.maintenance) {
    return (
      <div className={classes.bar} style={style} data-testid="top-bar" data-maintenance>
        <Text className={classes.text} role="status">
          <IconTool size={16} aria-hidden />
          <span>{MAINTENANCE_TEXT}</span>
        </Text>
      </div>
    );
  }

  const text = bar?.text || `Ouça a ${name} ao vivo`;
  return (
    <div className={classes.bar} style={style} data-testid="top-bar">
      <AppLink
        to={bar?.link || DEFAULT_LINK}
        title={bar?.title || undefined}
        className={classes.link}
      >
        <IconBroadcast size={16} aria-hidden />
        <span>{text}</span>
      </AppLink>
    </div>
  );
}
