import { Anchor, Text } from '@mantine/core';
import classes from './HomePage.module.css';

/** The providers behind the home widgets, credited as their terms ask (docs/widgets.md). */
const CREDITS = [
  {
    what: 'Tempo e qualidade do ar',
    name: 'Open-Meteo.com (CC BY 4.0)',
    href: 'https://open-meteo.com/',
  },
  {
    what: 'localidades',
    name: '© colaboradores do OpenStreetMap',
    href: 'https://www.openstreetmap.org/copyright',
  },
  { what: 'câmbio', name: 'AwesomeAPI', href: 'https://docs.awesomeapi.com.br/' },
  { what: 'criptomoedas', name: 'CoinGecko', href: 'https://www.coingecko.com/' },
] as const;

export function WidgetCredits() {
  return (
    <Text size="xs" c="dimmed" className={classes.credits} data-testid="widget-credits">
      {CREDITS.map(({ what, name, href }, index) => (
        <span key={href}>
          {index > 0 && ' · '}
          {what}:{' '}
          <Anchor
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            c="dimmed"
            underline="always"
          >
            {name}
          </Anchor>
        </span>
      ))}
    </Text>
  );
}
