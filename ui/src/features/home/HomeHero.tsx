import { Badge, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { usePlayer } from '@/features/player/hooks';
import { startLiveRadio } from '@/features/player/player-runtime';
import { OnAirHeroLine } from '@/features/programmes/OnAir';
import { useStationName } from '@/lib/station';
import classes from './HomePage.module.css';

function Equalizer() {
  const player = usePlayer();
  const playing = player.isLive === true && player.status === 'playing';
  return (
    <div className={classes.equalizer} data-playing={playing || undefined} aria-hidden>
      {Array.from({ length: 9 }, (_, index) => (
        <span key={index} />
      ))}
    </div>
  );
}

/**
 * The home page's first screen on a phone: the station's name, its line and the two ways in. The
 * build also draws it into the HTML of / (src/prerender/shell.tsx), so it is painted before the
 * JavaScript arrives (largest contentful paint); React's first frame draws the same.
 */
export function HomeHero() {
  const name = useStationName();
  return (
    <section className={classes.hero} aria-labelledby="home-title">
      <Container className={classes.heroInner}>
        <div className={classes.heroText}>
          <Badge
            size="lg"
            radius="sm"
            variant="white"
            className={classes.liveBadge}
            leftSection={<span className={classes.liveDot} aria-hidden />}
          >
            Ao vivo agora
          </Badge>
          <Title order={1} id="home-title" className={classes.heroTitle}>
            {name}
          </Title>
          <Text className={classes.heroLead}>
            Música boa, informação e promoções ao vivo, 24 horas por dia, de norte a sul do Brasil.
          </Text>
          <Group gap="sm" mt="xl">
            {/* Like the menu's 'Ouvir rádio' (doc1 §2): the live page, and the radio starts
                with this click, which lets the browser play sound. */}
            <Button
              component={Link}
              to="/ouvir-radio-online"
              onClick={startLiveRadio}
              size="lg"
              variant="white"
              color="onda"
              leftSection={<IconPlayerPlayFilled size={20} aria-hidden />}
              className={classes.heroCta}
            >
              Ouvir ao vivo
            </Button>
            <Button
              component={Link}
              to="/programacao"
              size="lg"
              variant="outline"
              color="white"
              leftSection={<IconCalendarTime size={20} aria-hidden />}
              className={classes.heroSecondary}
            >
              Programação
            </Button>
          </Group>
          {/* Below the buttons, so its arrival after the first paint moves nothing above it. */}
          <OnAirHeroLine />
        </div>
        <div className={classes.heroArt}>
          <Equalizer />
        </div>
      </Container>
    </section>
  );
}
