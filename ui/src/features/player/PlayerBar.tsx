import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPlayFilled, IconRadio } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useStationName } from '@/lib/station';
import { VolumeControl } from './VolumeControl';
import classes from './PlayerBar.module.css';

/** Routes where the bar does not offer its start-listening link (doc3 §2.9). */
const NO_LISTEN_LINK = ['/a1stats'];

/**
 * The persistent bottom bar. The live player engine arrives in a later issue and will take its
 * volume from the same store; until then the bar links to the live page.
 */
export function PlayerBar() {
  const name = useStationName();
  const { pathname } = useLocation();
  const showListenLink = !NO_LISTEN_LINK.includes(pathname.replace(/\/+$/, '') || '/');

  return (
    <section className={classes.bar} aria-label="Player da rádio" data-testid="player-bar">
      <Group className={classes.inner} wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" className={classes.station}>
          <ThemeIcon variant="gradient" radius="xl" size={40} aria-hidden className={classes.badge}>
            <IconRadio size={22} />
          </ThemeIcon>
          <div className={classes.stationText}>
            <Text fw={700} size="sm" className={classes.name} lineClamp={1}>
              {name}
            </Text>
            <Text size="xs" className={classes.live}>
              <span className={classes.liveDot} aria-hidden />
              Ao vivo
            </Text>
          </div>
        </Group>
        {showListenLink && (
          <Button
            component={Link}
            to="/ouvir-radio-online"
            variant="gradient"
            leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
            className={classes.listen}
            size="sm"
          >
            Ouvir ao vivo
          </Button>
        )}
        <VolumeControl />
      </Group>
    </section>
  );
}
