/**
 * The home category block (doc2 §2, §9; C19, C21): one category's news, 13 at first (6 on mobile),
 * each 'Carregar Mais' adds 9, and 'Não há mais noticias nessa categoria' at the end.
 */
import { Button, Chip, Group, Text } from '@mantine/core';
import { IconNews, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { getNews } from '@/features/news/api/news-api';
import {
  LOAD_MORE_TEXT,
  NEWS_EMPTY_TEXT,
  NEWS_END_ALL_TEXT,
  NEWS_ERROR_TEXT,
} from '@/features/news/messages';
import { NewsCard, NewsCardSkeleton } from '@/features/news/NewsCard';
import { useBreakpoint } from '@/lib/breakpoints';
import {
  CATEGORY_BLOCK_INITIAL_HOME,
  CATEGORY_BLOCK_INITIAL_MOBILE,
  CATEGORY_BLOCK_STEP,
} from '@/lib/constants';
import { useNewsCategories } from '@/lib/news-categories';
import { useDrawnLater } from '@/lib/drawn-later';
import { HomeSection } from './HomeSection';
import classes from './HomePage.module.css';

/** The categories offered first; the block opens on the first. */
const BLOCK_CATEGORIES = ['musica', 'economia', 'tecnologia', 'saude', 'cinema', 'politica'];

interface PageParam {
  offset: number;
  count: number;
}

export function HomeCategoryBlock() {
  const categories = useNewsCategories().filter((item) => BLOCK_CATEGORIES.includes(item.slug));
  categories.sort((a, b) => BLOCK_CATEGORIES.indexOf(a.slug) - BLOCK_CATEGORIES.indexOf(b.slug));
  const [category, setCategory] = useState(BLOCK_CATEGORIES[0] ?? 'musica');
  const { isMobile } = useBreakpoint();
  const initial = isMobile ? CATEGORY_BLOCK_INITIAL_MOBILE : CATEGORY_BLOCK_INITIAL_HOME;
  const query = useDrawnLater(
    useInfiniteQuery({
      queryKey: ['news', 'homeBlock', category, initial],
      queryFn: ({ pageParam }) => getNews(pageParam.offset, pageParam.count, category),
      initialPageParam: { offset: 0, count: initial } as PageParam,
      getNextPageParam: (last, _all, param): PageParam | undefined =>
        last.length < param.count
          ? undefined
          : { offset: param.offset + last.length, count: CATEGORY_BLOCK_STEP },
      staleTime: 60_000,
    }),
  );
  const items = query.data?.pages.flat() ?? [];

  let body;
  if (query.isPending) {
    body = (
      <div className={classes.categoryGrid} aria-busy="true">
        {Array.from({ length: initial }, (_, index) => (
          <NewsCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <EmptyState compact headingOrder={3} icon={IconNews} title={NEWS_ERROR_TEXT}>
        <Button
          mt="md"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
        >
          Tentar de novo
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = <EmptyState compact headingOrder={3} icon={IconNews} title={NEWS_EMPTY_TEXT} />;
  } else {
    body = (
      <>
        <div className={classes.categoryGrid} data-testid="home-category-block">
          {items.map((item, index) => (
            <NewsCard key={item.id} item={item} homeTitle lead={index === 0} />
          ))}
        </div>
        <div className={classes.blockFooter}>
          {query.hasNextPage ? (
            <Button
              variant="gradient"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {LOAD_MORE_TEXT}
            </Button>
          ) : (
            <Text c="dimmed" data-testid="home-category-end">
              {NEWS_END_ALL_TEXT}
            </Text>
          )}
        </div>
      </>
    );
  }

  return (
    <HomeSection
      id="home-categorias"
      title="Por categoria"
      more={{ label: 'Ver mais', to: `/noticias/${category}` }}
      className={classes.categoryBlock}
    >
      <Chip.Group multiple={false} value={category} onChange={setCategory}>
        <Group gap="xs" mb="md" role="group" aria-label="Categoria">
          {categories.map((item) => (
            <Chip key={item.slug} value={item.slug} size="sm" variant="light">
              {item.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {body}
    </HomeSection>
  );
}
