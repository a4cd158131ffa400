/**
 * The home page below the first screen (doc2 §2): the most read, the category block, 'Mundo' and
 * the top 10, the crypto box with the widgets' credits, the explore links and the sentence of the
 * day. A chunk of its own, fetched as the page renders: the first screen (hero, weather, currency,
 * headlines) does not wait for it (the home page's initial JavaScript).
 */
import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconCrown,
  IconGift,
  IconHeadphones,
  IconTreasureChest,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { Later } from '@/components/Later/Later';
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
  // Each block is drawn in a turn of its own once the browser is idle, or as the reader nears it
  // (components/Later): drawn with the page, they were one task of 290 elements on a phone.
  return (
    <div className={classes.lower}>
      <Later>
        <HomeMostRead />
      </Later>
      <Later standInClassName={classes.categoryBlock}>
        <HomeCategoryBlock />
      </Later>

      <Later standInClassName={classes.lowerGrid}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={48} className={classes.lowerGrid}>
          <HomeMundo />
          <HomeTop10 />
        </SimpleGrid>
      </Later>

      <Later standInClassName={classes.crypto}>
        <HomeSection id="home-cripto" title="Criptomoedas" className={classes.crypto}>
          <CryptoBox />
        </HomeSection>
        <WidgetCredits />
      </Later>

      <Later standInClassName={classes.explore}>
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
      </Later>

      <Later>
        <DaySentence />
      </Later>
    </div>
  );
}
