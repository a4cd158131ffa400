import { Suspense } from 'react';
import { Container } from '@mantine/core';
import { PartBoundary } from '@/components/OnDemand/OnDemand';
import { PollPlaceholder } from '@/features/poll/PollPlaceholder';
import { useDocumentTitle } from '@/lib/document-title';
import { lazyNamed } from '@/lib/lazy';
import { HomeHero } from './HomeHero';
import { HomeHeadlines } from './HomeNews';
import { CurrencyBoxPlaceholder, WeatherStripPlaceholder } from './HomePlaceholders';
import classes from './HomePage.module.css';

// Chunks of their own, fetched as the page renders (the page's initial JavaScript): the
// widgets, each behind a placeholder of its size, and the part below the first screen.
const WeatherStrip = lazyNamed(() => import('@/features/weather/WeatherStrip'), 'WeatherStrip');
const CurrencyBox = lazyNamed(() => import('@/features/markets/CurrencyBox'), 'CurrencyBox');
const PollBox = lazyNamed(() => import('@/features/poll/PollBox'), 'PollBox');
const HomeLower = lazyNamed(() => import('./HomeLower'), 'HomeLower');

/**
 * / (doc1 §2, doc2 §2 Home widgets): hero, the weather strip and the currency box, the news blocks
 * with the poll in the side column, the top 10, the crypto box, the explore links and the sentence
 * of the day above the footer (G34).
 */
export function HomePage() {
  useDocumentTitle('Rádio online: música, notícias e promoções');

  return (
    <>
      <HomeHero />

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
