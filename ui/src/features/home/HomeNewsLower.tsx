/** The home page's news below the first screen (doc2 §2 Home widgets): 'Mundo' and the most read. */
import { Skeleton, Text } from '@mantine/core';
import { IconFlame, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { MOST_READ_COUNT } from '@/lib/constants';
import { homeNewsQueryOptions, mostReadQueryOptions } from '@/features/news/api/news-api';
import { formatNewsDate } from '@/features/news/format';
import { NewsCard, NewsCardSkeleton } from '@/features/news/NewsCard';
import { NO_HOME_NEWS_TEXT as NO_NEWS_TEXT } from '@/features/news/messages';
import { useDrawnLater } from '@/lib/drawn-later';
import { arrangeHomeNews } from './home-news';
import { HomeSection } from './HomeSection';
import classes from './HomePage.module.css';

/** The 'Mundo' block. */
export function HomeMundo() {
  const query = useDrawnLater(useQuery(homeNewsQueryOptions()));
  const mundo = query.data ? arrangeHomeNews(query.data).mundo : [];
  return (
    <HomeSection id="home-mundo" title="Mundo" more={{ label: 'Ver mais', to: '/noticias/mundo' }}>
      {query.isPending ? (
        <div className={classes.mundoGrid} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <NewsCardSkeleton key={index} />
          ))}
        </div>
      ) : mundo.length === 0 ? (
        <EmptyState compact headingOrder={3} icon={IconWorld} title={NO_NEWS_TEXT} />
      ) : (
        <div className={classes.mundoGrid} data-testid="home-mundo">
          {mundo.map((item) => (
            <NewsCard key={item.id} item={item} homeTitle />
          ))}
        </div>
      )}
    </HomeSection>
  );
}

/** Most read of the week: 4 items, 4 columns on large screens. */
export function HomeMostRead() {
  const query = useDrawnLater(useQuery(mostReadQueryOptions()));
  return (
    <HomeSection id="home-mais-lidas" title="Mais lidas da semana" className={classes.mostRead}>
      {query.isPending ? (
        <div className={classes.mostReadGrid} aria-busy="true">
          {Array.from({ length: MOST_READ_COUNT }, (_, index) => (
            <Skeleton key={index} height={96} radius="md" />
          ))}
        </div>
      ) : query.isError || query.data.length === 0 ? (
        <EmptyState compact headingOrder={3} icon={IconFlame} title={NO_NEWS_TEXT} />
      ) : (
        <ol className={classes.mostReadGrid} data-testid="home-most-read">
          {query.data.map((item, index) => (
            <li key={item.newsId}>
              <Link to={`/noticias/${item.slug}`} className={classes.mostReadItem}>
                <span className={classes.rank} aria-hidden>
                  {index + 1}
                </span>
                <img src={item.imageNew} alt="" loading="lazy" className={classes.mostReadImage} />
                <span className={classes.mostReadText}>
                  <Text component="span" fw={800} className={classes.mostReadTitle}>
                    {item.title}
                  </Text>
                  <Text component="time" size="xs" c="dimmed" dateTime={item.date}>
                    {formatNewsDate(item.date)}
                  </Text>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </HomeSection>
  );
}
