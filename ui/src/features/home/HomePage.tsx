import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconCrown,
  IconGift,
  IconHeadphones,
  IconPlayerPlayFilled,
  IconTreasureChest,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { CryptoBox } from '@/features/markets/CryptoBox';
import { CurrencyBox } from '@/features/markets/CurrencyBox';
import { usePlayer } from '@/features/player/hooks';
import { PollBox } from '@/features/poll/PollBox';
import { DaySentence } from '@/features/sentence/DaySentence';
import { WeatherStrip } from '@/features/weather/WeatherStrip';
import { useDocumentTitle } from '@/lib/document-title';
import { useStationName } from '@/lib/station';
import { HomeCategoryBlock } from './HomeCategoryBlock';
import { HomeHeadlines, HomeMostRead, HomeMundo } from './HomeNews';
import { HomeSection } from './HomeSection';
import { WidgetCredits } from './WidgetCredits';
import classes from './HomePage.module.css';

const EXPLORE: { label: string; text: string; to: string; icon: Icon }[] = [
  { label: 'Promoções', text: 'Participe e concorra a prêmios', to: '/promocoes', icon: IconGift },
  {
    label: 'Podcasts',
    text: 'Programas para ouvir quando quiser',
    to: '/podcasts',
    icon: IconHeadphones,
  },
  {
    label: 'Caça ao tesouro',
    text: 'Ache o baú e ganhe prêmios',
    to: '/caca-ao-tesouro',
    icon: IconTreasureChest,
  },
  {
    label: 'Seja PRO',
    text: 'Sem anúncios e com conteúdo exclusivo',
    to: '/vantagens-da-assinatura-pro',
    icon: IconCrown,
  },
];

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
              <Button
                component={Link}
                to="/ouvir-radio-online"
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
          <WeatherStrip />
          <CurrencyBox />
        </div>
        <HomeHeadlines aside={<PollBox />} />
        <HomeMostRead />
        <HomeCategoryBlock />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={48}>
          <HomeMundo />
          <HomeSection
            id="home-top10"
            title="As 10 mais"
            more={{ label: 'Ver ranking', to: '/as-10-mais' }}
          >
            <EmptyState
              compact
              headingOrder={3}
              icon={IconTrophy}
              title="Ranking em breve"
              description="As músicas mais pedidas pelos ouvintes nesta semana."
            />
          </HomeSection>
        </SimpleGrid>

        <HomeSection id="home-cripto" title="Criptomoedas" className={classes.crypto}>
          <CryptoBox />
        </HomeSection>
        <WidgetCredits />

        <HomeSection id="home-explore" title="Explore a rádio" className={classes.explore}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {EXPLORE.map(({ label, text, to, icon: ItemIcon }) => (
              <Paper key={to} component={Link} to={to} withBorder className={classes.exploreCard}>
                <ThemeIcon variant="gradient" size={44} radius="xl" aria-hidden>
                  <ItemIcon size={24} />
                </ThemeIcon>
                <div>
                  <Text fw={800}>{label}</Text>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </div>
              </Paper>
            ))}
          </SimpleGrid>
        </HomeSection>

        <DaySentence />
      </Container>
    </>
  );
}
