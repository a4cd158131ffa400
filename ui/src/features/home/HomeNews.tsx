/**
 * The home page's news (doc2 §2 Home widgets, G31, G33): 1 featured item, 6 secondary, the rest in
 * a side column with up to 5 Reuters items (no item twice); the 'Mundo' block and the most read of
 * the week below the first screen (HomeNewsLower.tsx). Every HOME_NEWS_REFRESH_MS checkForNewNews looks for newer items; when there are, the
 * home news are fetched again and the new ones carry the 'Nova' badge for 10 s.
 */
import type { ReactNode } from 'react';
import { Button, Title } from '@mantine/core';
import { IconNews, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { NewsItem } from '@/generated/NewsItem';
import { HOME_NEWS_SECONDARY } from '@/lib/constants';
import { homeNewsQueryOptions } from '@/features/news/api/news-api';
import { NewsCard, NewsCardSkeleton } from '@/features/news/NewsCard';
import { NEWS_ERROR_TEXT, NO_HOME_NEWS_TEXT as NO_NEWS_TEXT } from '@/features/news/messages';
import { useNewNews } from '@/features/news/use-new-news';
import { arrangeHomeNews } from './home-news';
import { HomeSection } from './HomeSection';
import classes from './HomePage.module.css';

/** The id of the newest item shown (by date), the mark for checkForNewNews. */
function newestId(items: NewsItem[]): number | undefined {
  let newest: NewsItem | undefined;
  for (const item of items) {
    if (!newest || Date.parse(item.date) > Date.parse(newest.date)) newest = item;
  }
  return newest?.id;
}

function ErrorBlock({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState compact headingOrder={3} icon={IconNews} title={NEWS_ERROR_TEXT}>
      <Button
        mt="md"
        variant="light"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRetry}
      >
        Tentar de novo
      </Button>
    </EmptyState>
  );
}

/**
 * Featured + secondary (left) and the side column with the Reuters items (right); `aside` ends the
 * side column whatever the news did (the poll, G34).
 */
export function HomeHeadlines({ aside }: { aside?: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(homeNewsQueryOptions());
  const arranged = query.data ? arrangeHomeNews(query.data) : null;
  const shown = arranged
    ? [...(arranged.featured ? [arranged.featured] : []), ...arranged.secondary, ...arranged.side]
    : [];
  const { isNew } = useNewNews(newestId(shown), undefined, () => {
    void queryClient.invalidateQueries({ queryKey: homeNewsQueryOptions().queryKey });
  });

  let main;
  let side;
  if (query.isPending) {
    main = (
      <div aria-busy="true" aria-label="Carregando notícias">
        <NewsCardSkeleton variant="featured" />
        <div className={classes.secondaryGrid}>
          {Array.from({ length: HOME_NEWS_SECONDARY }, (_, index) => (
            <NewsCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
    side = Array.from({ length: 5 }, (_, index) => (
      <NewsCardSkeleton key={index} variant="compact" />
    ));
  } else if (query.isError) {
    main = <ErrorBlock onRetry={() => void query.refetch()} />;
    side = null;
  } else if (!arranged?.featured && shown.length === 0 && arranged?.reuters.length === 0) {
    main = (
      <EmptyState
        compact
        headingOrder={3}
        icon={IconNews}
        title={NO_NEWS_TEXT}
        links={[{ label: 'Ver notícias', to: '/noticias' }]}
        data-testid="home-news-empty"
      />
    );
    side = null;
  } else {
    main = (
      <>
        {arranged?.featured && (
          <div data-testid="home-featured">
            <NewsCard
              item={arranged.featured}
              variant="featured"
              homeTitle
              isNew={isNew(arranged.featured.id)}
            />
          </div>
        )}
        <div className={classes.secondaryGrid} data-testid="home-secondary">
          {arranged?.secondary.map((item) => (
            <NewsCard key={item.id} item={item} homeTitle isNew={isNew(item.id)} />
          ))}
        </div>
      </>
    );
    side = (
      <>
        <div data-testid="home-side">
          {arranged?.side.map((item) => (
            <NewsCard
              key={item.id}
              item={item}
              variant="compact"
              homeTitle
              isNew={isNew(item.id)}
            />
          ))}
        </div>
        {arranged && arranged.reuters.length > 0 && (
          <div className={classes.reuters} data-testid="home-reuters">
            <Title order={3} className={classes.columnTitle}>
              Reuters
            </Title>
            {arranged.reuters.map((item) => (
              <NewsCard key={item.id} item={item} variant="compact" homeTitle headingOrder={4} />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <div className={classes.topGrid}>
      <HomeSection
        id="home-destaques"
        title="Destaques"
        more={{ label: 'Todas as notícias', to: '/noticias' }}
      >
        {main}
      </HomeSection>
      {(side || aside) && (
        <div className={classes.sideColumn}>
          {side && (
            <HomeSection id="home-ultimas" title="Últimas">
              {side}
            </HomeSection>
          )}
          {aside && <div className={classes.aside}>{aside}</div>}
        </div>
      )}
    </div>
  );
}
