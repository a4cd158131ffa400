/**
 * The home page below the first screen (doc2 §2): the most read, the category block, 'Mundo' and
 * the top 10, the crypto box with the widgets' credits, the explore links and the sentence of the
 * day. A chunk of its own, fetched as the page renders: the first screen (hero, weather, currency,
 * headlines) does not wait for it (issue 18, the home page's initial JavaScript).
 */
import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconCrown,
  IconGift,
  IconHeadphones,
  IconTreasureChest,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CryptoBox } from '@/features/markets/CryptoBox';
import { DaySentence } from '@/features/sentence/DaySentence';
import { HomeCategoryBlock } from './HomeCategoryBlock';
import { HomeMostRead, HomeMundo } from './HomeNewsLower';
import { HomeSection } from './HomeSection';
import { HomeTop10 } from './HomeTop10';
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

export function HomeLower() {
  return (
    <div className={classes.lower}>
      <HomeMostRead />
      <HomeCategoryBlock />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={48} className={classes.lowerGrid}>
        <HomeMundo />
        <HomeTop10 />
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
    </div>
  );
}
