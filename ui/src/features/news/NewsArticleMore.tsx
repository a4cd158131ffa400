/**
 * What follows a news item's text (doc2 §2 News single page; C20): the share buttons, the tags,
 * the journalist block and the related news. A chunk of its own, drawn after the article
 * (NewsArticlePage.tsx): none of it is on the first screen.
 */
import { Anchor, Avatar, Badge, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import type { NewsItem } from '@/generated/NewsItem';
import {
  RELATED_BLOCK_MIN,
  RELATED_FETCH_MIN_DELAY_MS,
  RELATED_FETCH_SCROLL_DISTANCE,
} from '@/lib/constants';
import { useDrawnLater } from '@/lib/drawn-later';
import { getRelatedNews } from './api/news-api';
import { NewsCard } from './NewsCard';
import { distanceToEnd } from './scroll';
import { ShareButtons } from './ShareButtons';
import classes from './News.module.css';

export interface NewsArticleMoreProps {
  item: NewsItem;
  url: string;
  /** When the page opened (Date.now()): the related news wait 2 s from then, not from this part. */
  openedAt: number;
}

export function NewsArticleMore({ item, url, openedAt }: NewsArticleMoreProps) {
  return (
    <>
      <section className={classes.section} aria-labelledby="news-share">
        <h2 id="news-share" className={classes.sectionTitle}>
          Compartilhe
        </h2>
        <ShareButtons url={url} text={item.title} />
      </section>

      {item.tagNews.length > 0 && (
        <section className={classes.section} aria-labelledby="news-tags">
          <h2 id="news-tags" className={classes.sectionTitle}>
            Tags
          </h2>
          <ul className={classes.tagCloud} data-testid="news-tags">
            {item.tagNews.map((tag) => (
              <li key={tag.u}>
                <Badge
                  component={Link}
                  to={`/noticias/tags/${tag.u}`}
                  variant="light"
                  size="lg"
                  radius="sm"
                  style={{ cursor: 'pointer', textTransform: 'none' }}
                >
                  #{tag.n}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      <JournalistBlock item={item} />
      <RelatedNews item={item} openedAt={openedAt} />
    </>
  );
}

function JournalistBlock({ item }: { item: NewsItem }) {
  return (
    <section
      className={classes.section}
      aria-labelledby="news-journalist"
      data-testid="journalist-block"
    >
      <h2 id="news-journalist" className={classes.sectionTitle}>
        {item.journalistName ? 'Quem escreveu' : 'Fonte'}
      </h2>
      <div className={classes.journalist}>
        <Avatar
          src={item.journalistImageFile ?? undefined}
          alt=""
          size={64}
          radius="xl"
          color="onda"
        >
          {(item.journalistName ?? item.author).slice(0, 1)}
        </Avatar>
        <div>
          <Text fw={800} size="lg">
            {item.journalistName ?? item.author}
          </Text>
          {item.journalistSlug ? (
            <Anchor component={Link} to={`/jornalistas/${item.journalistSlug}`} size="sm">
              Ver todas as notícias de {item.journalistName}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {item.source === 'reuters' ? 'Agência de notícias' : 'Redação'}
            </Text>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * C20: fetched once, when the reader is within 500 px of the end and at least 2 s after opening the
 * page; shown only with 3 or more items.
 */
function RelatedNews({ item, openedAt }: { item: NewsItem; openedAt: number }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    let ready = false;
    const check = () => {
      if (ready && distanceToEnd() <= RELATED_FETCH_SCROLL_DISTANCE) setWanted(true);
    };
    const timer = setTimeout(
      () => {
        ready = true;
        check();
      },
      Math.max(0, openedAt + RELATED_FETCH_MIN_DELAY_MS - Date.now()),
    );
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', check);
    };
  }, [wanted, openedAt]);

  const { data } = useDrawnLater(
    useQuery({
      queryKey: ['news', 'related', item.slug],
      queryFn: () => getRelatedNews(item),
      enabled: wanted,
      staleTime: Infinity,
      retry: false,
    }),
  );
  if (!data || data.length < RELATED_BLOCK_MIN) return null;
  return (
    <section className={classes.section} aria-labelledby="news-related" data-testid="related-news">
      <Title order={2} size="h3" id="news-related" mb="md">
        Notícias relacionadas
      </Title>
      <div className={classes.grid}>
        {data.map((other) => (
          <NewsCard key={other.id} item={other} />
        ))}
      </div>
    </section>
  );
}
