/**
 * The news list of /noticias and /noticias/{category} (doc2 §2 News list; C21): 12 cards, each
 * 'Carregar Mais' adds 12 (one query per page), the end text when a page comes back short, the empty
 * view, the server's 'no news found' and the communication error. New items found by the
 * checkForNewNews timer go on top with the 'Nova' badge.
 */
import { Button, Text } from '@mantine/core';
import { IconNews, IconRefresh } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { NewsItem } from '@/generated/NewsItem';
import { ApiError } from '@/lib/api';
import { NEWS_LIST_PAGE, NEWS_LOAD_MORE } from '@/lib/constants';
import { NO_NEWS_FOUND, newsPageQueryOptions } from './api/news-api';
import {
  LOAD_MORE_TEXT,
  NEWS_EMPTY_TEXT,
  NEWS_END_ALL_TEXT,
  NEWS_ERROR_TEXT,
  NEWS_NO_NEWS_FOUND_TEXT,
  newsEndCategoryText,
} from './messages';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { readListPosition, saveListPosition } from './list-position';
import { scrollTop } from './scroll';
import { useNewNews } from './use-new-news';
import classes from './News.module.css';

export interface NewsListProps {
  /** Category slug; none for all categories. */
  category?: string;
  /** Category name for the end text. */
  categoryName?: string;
}

export function NewsList({ category, categoryName }: NewsListProps) {
  // ?scroll_to_last=true: back from a news item, the list comes back as long as it was and scrolled
  // to where the reader clicked.
  const [searchParams] = useSearchParams();
  const [restore] = useState(() =>
    searchParams.get('scroll_to_last') === 'true' ? readListPosition(category ?? '') : null,
  );
  const [pageCount, setPageCount] = useState(restore?.pages ?? NEWS_LIST_PAGE / NEWS_LOAD_MORE);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, page) => newsPageQueryOptions(category, page)),
  });
  const loaded: NewsItem[] = [];
  for (const page of pages) {
    if (!page.data) break;
    loaded.push(...page.data);
  }
  const { items: fresh, isNew } = useNewNews(loaded[0]?.id, category);
  const freshIds = new Set(fresh.map((item) => item.id));
  const items = [...fresh, ...loaded.filter((item) => !freshIds.has(item.id))];

  const first = pages[0];
  const last = pages[pages.length - 1];
  const allLoaded = pages.every((page) => page.data !== undefined);
  const restored = useRef(false);
  useEffect(() => {
    if (!restore || restored.current || !allLoaded) return;
    restored.current = true;
    window.scrollTo({ top: restore.y });
  }, [restore, allLoaded]);
  const remember = () =>
    saveListPosition({ category: category ?? '', pages: pageCount, y: scrollTop() });
  const error = pages.find((page) => page.isError)?.error;

  if (first?.isPending) {
    return (
      <div className={classes.grid} aria-busy="true" aria-label="Carregando notícias">
        {Array.from({ length: NEWS_LIST_PAGE }, (_, index) => (
          <NewsCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (first?.isError) {
    const noNews = error instanceof ApiError && error.message === NO_NEWS_FOUND;
    return (
      <EmptyState
        icon={IconNews}
        title={noNews ? NEWS_NO_NEWS_FOUND_TEXT : NEWS_ERROR_TEXT}
        links={[{ label: 'Ver todas as notícias', to: '/noticias' }]}
      >
        {!noNews && (
          <Button
            mt="md"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void first.refetch()}
          >
            Tentar de novo
          </Button>
        )}
      </EmptyState>
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconNews}
        title={NEWS_EMPTY_TEXT}
        links={[{ label: 'Ver todas as notícias', to: '/noticias' }]}
      />
    );
  }

  const ended = last?.data !== undefined && last.data.length < NEWS_LOAD_MORE;
  const loadingMore = last?.isPending ?? false;
  const lastFailed = pages.length > 1 && last?.isError;

  return (
    <>
      <div className={classes.grid} data-testid="news-grid" onClickCapture={remember}>
        {items.map((item) => (
          <NewsCard key={item.id} item={item} isNew={isNew(item.id)} />
        ))}
        {loadingMore &&
          Array.from({ length: 3 }, (_, index) => <NewsCardSkeleton key={`more-${index}`} />)}
      </div>
      <div className={classes.listFooter}>
        {lastFailed && (
          <Text c="red.8" role="alert">
            {NEWS_ERROR_TEXT}
          </Text>
        )}
        {ended ? (
          <Text c="dimmed" data-testid="news-end">
            {category ? newsEndCategoryText(categoryName ?? category) : NEWS_END_ALL_TEXT}
          </Text>
        ) : lastFailed ? (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void last.refetch()}
          >
            Tentar de novo
          </Button>
        ) : (
          <Button
            size="md"
            variant="gradient"
            loading={loadingMore}
            onClick={() => setPageCount((count) => count + 1)}
          >
            {LOAD_MORE_TEXT}
          </Button>
        )}
      </div>
    </>
  );
}
