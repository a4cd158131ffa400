import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { useDrawnLater } from '@/lib/drawn-later';
import { mostReadQueryOptions } from './api/news-api';
import { NO_HOME_NEWS_TEXT } from './messages';
import classes from './News.module.css';

/** The most read of the week as a ranked list (side block of the single news page). */
export function MostReadList() {
  const { data, isPending, isError } = useDrawnLater(useQuery(mostReadQueryOptions()));
  if (isPending) {
    return (
      <div aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={18} my={12} />
        ))}
      </div>
    );
  }
  if (isError || data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {NO_HOME_NEWS_TEXT}
      </Text>
    );
  }
  return (
    <ol className={classes.mostReadList}>
      {data.map((item) => (
        <li key={item.newsId}>
          <Link to={`/noticias/${item.slug}`}>{item.title}</Link>
        </li>
      ))}
    </ol>
  );
}
