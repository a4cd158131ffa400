import { Suspense } from 'react';
import { Badge, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PartBoundary } from '@/components/OnDemand/OnDemand';
import { usePlayer } from '@/features/player/hooks';
import { startLiveRadio } from '@/features/player/player-runtime';
import { PollPlaceholder } from '@/features/poll/PollPlaceholder';
import { useDocumentTitle } from '@/lib/document-title';
import { lazyNamed } from '@/lib/lazy';
import { useStationName } from '@/lib/station';
import { HomeHeadlines } from './HomeNews';
import { CurrencyBoxPlaceholder, WeatherStripPlaceholder } from './HomePlaceholders';
import classes from './HomePage.module.css';

// Chunks of their own, fetched as the page renders (issue 18: the page's initial JavaScript): the
// widgets, each behind a placeholder of its size, and the part below the first screen.
const WeatherStrip = lazyNamed(() => import('@/features/weather/WeatherStrip'), 'WeatherStrip');
const CurrencyBox = lazyNamed(() => import('@/features/markets/CurrencyBox'), 'CurrencyBox');
const PollBox = lazyNamed(() => import('@/features/poll/PollBox'), 'PollBox');
const HomeLower = lazyNamed(() => import('./HomeLower'), 'HomeLower');

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
 * / (doc1 §2, doc2 §2 Home widgets): hero, the weather strip and the currency box, the news blocks
 * with the poll in the side column, the top 10, the crypto box, the explore links and the sentence
 * of the day above the footer (G34).
 */
export function HomePage() {
  const name = useStationName();
  useDocumentTitle('Rádio online: música, notícias e promoções');

  return (
    <>
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
              Música boa, informação e promoções ao vivo, 24 horas por dia, de norte a sul do
              Brasil.
            </Text>
            <Group gap="sm" mt="xl">
              {/* Like the menu's 'Ouvir rádio' (doc1 §2): the live page, and the radio starts
                  with this click, which lets the browser play sound (issue 19). */}
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
          </div>
          <div className={classes.heroArt}>
            <Equalizer />
          </div>
        </Container>
      </section>

      <Container className={classes.body}>
        <div className={classes.widgetStrip}>
          <PartBoundary>
            <Suspense fallback={<WeatherStripPlaceholder />}>
              <WeatherStrip />
            </Suspense>
          </PartBoundary>
          <PartBoundary>
            <Suspense fallback={<CurrencyBoxPlaceholder />}>
              <CurrencyBox />
            </Suspense>
          </PartBoundary>
        </div>
        <HomeHeadlines
          aside={
            <PartBoundary>
              <Suspense fallback={<PollPlaceholder />}>
                <PollBox />
              </Suspense>
            </PartBoundary>
          }
        />
        <PartBoundary>
          <Suspense fallback={<div className={classes.lowerPlaceholder} aria-busy="true" />}>
            <HomeLower />
          </Suspense>
        </PartBoundary>
      </Container>
    </>
  );
}
