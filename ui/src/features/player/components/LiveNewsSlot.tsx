import { Anchor, Box, Group, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { newsPageQueryOptions } from '@/features/news/api/news-api';
import { NewsCard, NewsCardSkeleton } from '@/features/news/NewsCard';
import classes from '@/features/news/News.module.css';
import { useDrawnLater } from '@/lib/drawn-later';

/**
 * The live page's news (doc2): the 12 latest, as on the first page of /noticias (the same query, so
 * going there next reuses it), each with its age. The radio is what the page is for: while the news load, fail or are
 * missing, the block stays quiet (skeletons, then nothing) instead of pushing an error at a listener.
 */
export function LiveNewsSlot() {
  const news = useDrawnLater(useQuery(newsPageQueryOptions(undefined, 0)));
  if (news.isError || (news.data && news.data.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="live-news-title" data-testid="live-news">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="live-news-title">
          Últimas notícias
        </Title>
        <Anchor component={Link} to="/noticias" fw={600}>
          Ver todas as notícias
        </Anchor>
      </Group>
      <div className={classes.grid} aria-busy={news.isPending}>
        {news.data
          ? news.data.map((item) => <NewsCard key={item.id} item={item} relativeAge />)
          : Array.from({ length: 6 }, (_, index) => <NewsCardSkeleton key={index} />)}
      </div>
    </Box>
  );
}
