/**
 * /noticias/tags/{slug} (doc2 §2 Tags, §8): 12 news first, then 16 more each time the reader
 * scrolls within 1000 px of the bottom (scroll debounce 100 ms), '- - -' when a page comes back
 * short, 'Não há notícias sobre {tag}.' for an unknown tag or a tag without news; the tag hit is
 * recorded when the page opens. Title: the tag's title cut at 32 characters.
 */
import { Button, Loader, Text } from '@mantine/core';
import { IconHash, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import {
  TAG_FIRST_PAGE,
  TAG_NEXT_PAGE,
  TAG_SCROLL_DEBOUNCE_MS,
  TAG_SCROLL_DISTANCE,
  TAG_TITLE_MAX,
} from '@/lib/constants';
import { TAG_NOT_FOUND, getTagNews } from './api/news-api';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { END_MARKER, NEWS_ERROR_TEXT, noTagNewsText } from './messages';
import { distanceToEnd } from './scroll';
import { sendTagHit } from './api/tracking';
import classes from './News.module.css';

interface PageParam {
  offset: number;
  count: number;
}

export function TagNewsPage({ slug }: { slug: string }) {
  const query = useInfiniteQuery({
    queryKey: ['news', 'tag', slug],
    queryFn: ({ pageParam }) => getTagNews(pageParam.offset, pageParam.count, slug),
    initialPageParam: { offset: 0, count: TAG_FIRST_PAGE } as PageParam,
    getNextPageParam: (last, _all, param): PageParam | undefined =>
      last.newsArray.length < param.count
        ? undefined
        : { offset: param.offset + last.newsArray.length, count: TAG_NEXT_PAGE },
    staleTime: 60_000,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const hit = useRef<string | null>(null);
  useEffect(() => {
    if (hit.current === slug) return;
    hit.current = slug;
    sendTagHit(slug);
  }, [slug]);

  // Within 1000 px of the bottom (checked 100 ms after the last scroll event): the next 16.
  const loadMoreIfNear = useEffectEvent(() => {
    if (hasNextPage && !isFetchingNextPage && distanceToEnd() <= TAG_SCROLL_DISTANCE) {
      void fetchNextPage();
    }
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(loadMoreIfNear, TAG_SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const meta = data?.pages[0]?.tagMeta;
  const name = meta?.n ?? slug;
  const items = data?.pages.flatMap((page) => page.newsArray) ?? [];
  const crumbs = [
    { label: 'Notícias', to: '/noticias' },
    { label: 'Tags', to: '/noticias/tags' },
  ];
  const tagNotFound =
    query.error instanceof ApiError &&
    (query.error.message === TAG_NOT_FOUND || query.error.code === 404);

  let body;
  if (query.isPending) {
    body = (
      <div className={classes.grid} aria-busy="true" aria-label="Carregando notícias">
        {Array.from({ length: TAG_FIRST_PAGE }, (_, index) => (
          <NewsCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (tagNotFound || (query.isSuccess && items.length === 0)) {
    body = (
      <EmptyState
        icon={IconHash}
        title={noTagNewsText(name)}
        links={[
          { label: 'Ver todas as tags', to: '/noticias/tags' },
          { label: 'Últimas notícias', to: '/noticias' },
        ]}
      />
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <EmptyState icon={IconHash} title={NEWS_ERROR_TEXT}>
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
  } else {
    body = (
      <>
        <div className={classes.grid} data-testid="news-grid">
          {items.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </div>
        <div className={classes.listFooter}>
          {isFetchingNextPage && <Loader size="sm" aria-label="Carregando mais notícias" />}
          {query.isFetchNextPageError && (
            <Button variant="light" onClick={() => void fetchNextPage()}>
              Tentar de novo
            </Button>
          )}
          {!hasNextPage && (
            <Text className={classes.endMarker} data-testid="news-end" aria-label="Fim da lista">
              {END_MARKER}
            </Text>
          )}
        </div>
      </>
    );
  }

  return (
    <PageFrame
      title={meta?.title ?? `#${name}`}
      titleMax={TAG_TITLE_MAX}
      heading={meta?.title ?? `#${name}`}
      breadcrumbs={crumbs}
    >
      {body}
    </PageFrame>
  );
}
