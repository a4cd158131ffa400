/**
 * /noticias/{slug} (doc2 §2 News single page; C20, C34, S04, G30, G64): title, subtitle, author,
 * dates, cover (or cover video), the sanitised content as the server gives it, the journalist block,
 * share buttons, tags, the 'most read of the week' side block (after 771 px of scroll, ≥ 992 px
 * wide), related news fetched once near the end and not before 2 s, PRO news as a teaser for non-PRO
 * readers and in full through getSingleProNews for PRO users, and the 404 view.
 */
import { Badge, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { Later } from '@/components/Later/Later';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { NewsItem } from '@/generated/NewsItem';
import { track } from '@/lib/analytics';
import { useBreakpoint } from '@/lib/breakpoints';
import { PRO_BENEFITS_PATH, SIDE_BLOCK_MIN_WIDTH, SIDE_BLOCK_SCROLL } from '@/lib/constants';
import { lazyNamed } from '@/lib/lazy';
import { useSession } from '@/lib/session';
import { humanizeSlug } from '@/lib/text';
import { isNotFound, singleNewsQueryOptions, singleProNewsQueryOptions } from './api/news-api';
import { formatNewsDateTime } from './format';
import { MostReadList } from './MostReadList';
import { NewsPicture } from './NewsPicture';
import {
  MOST_READ_TITLE,
  NEWS_ERROR_TEXT,
  NEWS_NOT_FOUND_TEXT,
  PRO_CTA_TEXT,
  PRO_NEWS_CTA_EVENT,
  PRO_ONLY_TEXT,
} from './messages';
import { scrollTop } from './scroll';
import { recordNewsView, sendNewsHit } from './api/tracking';
import classes from './News.module.css';

const NewsArticleMore = lazyNamed(() => import('./NewsArticleMore'), 'NewsArticleMore');

export function NewsArticlePage({ slug }: { slug: string }) {
  const query = useQuery(singleNewsQueryOptions(slug));
  const crumbs = [{ label: 'Notícias', to: '/noticias' }];

  if (query.isPending) {
    return (
      <PageFrame
        title={humanizeSlug(slug)}
        heading={<Skeleton height={40} width="80%" />}
        breadcrumbs={crumbs}
      >
        <div aria-busy="true" aria-label="Carregando notícia" className={classes.article}>
          <Skeleton height={20} width="60%" />
          <Skeleton mt="lg" style={{ aspectRatio: '2 / 1' }} />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={16} mt="md" />
          ))}
        </div>
      </PageFrame>
    );
  }

  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <PageFrame title={notFound ? 'Notícia não encontrada' : 'Notícias'} breadcrumbs={crumbs}>
        {notFound ? (
          <NotFoundView
            message={NEWS_NOT_FOUND_TEXT}
            backTo="/noticias"
            backLabel="Voltar para as notícias"
          />
        ) : (
          <NotFoundView
            message={NEWS_ERROR_TEXT}
            description="Não foi possível carregar esta notícia."
            backTo="/noticias"
            backLabel="Voltar para as notícias"
          />
        )}
      </PageFrame>
    );
  }

  return <NewsArticle key={query.data.slug} item={query.data} />;
}

export interface NewsArticleProps {
  item: NewsItem;
  /**
   * The newsroom's preview (/a1redacao/:id/previa): the same page for an item that may not
   * be public yet. It counts no view and shows the whole text of a PRO item (the preview carries it).
   */
  preview?: boolean;
  /**
   * Only the first screen: the breadcrumbs, title, subtitle, byline, dates and cover, which the
   * build draws into the page's HTML for the server to fill in (prerender/shell.tsx: the
   * cover, a news page's largest paint, shows before the scripts). React's first frame draws the
   * same boxes and goes on below them.
   */
  firstScreen?: boolean;
}

/** The article itself, for a loaded item (the public page above, and the newsroom's preview). */
export function NewsArticle({ item, preview = false, firstScreen = false }: NewsArticleProps) {
  const session = useSession();
  const isPro = Boolean(session?.user.isPro);
  const pro = useQuery({
    ...singleProNewsQueryOptions(item.slug, session?.user.userId ?? 0, session?.token ?? null),
    enabled: !preview && item.pro && isPro,
  });
  const full = preview || !item.pro ? item : isPro ? pro.data : undefined;
  const content = full?.content ?? full?.fullContent;

  // G64: one newsHit when the page opens; the view joins the news-views batch.
  const hit = useRef<string | null>(null);
  useEffect(() => {
    if (preview || hit.current === item.slug) return;
    hit.current = item.slug;
    sendNewsHit(item.slug);
    recordNewsView(item.id);
  }, [item.slug, item.id, preview]);

  const url = typeof window === 'undefined' ? '' : window.location.href;
  const [openedAt] = useState(() => Date.now());

  return (
    <PageFrame
      title={item.title}
      breadcrumbs={[
        // Back to the list where the reader left it (scroll_to_last, list-position.ts).
        { label: 'Notícias', to: '/noticias?scroll_to_last=true' },
        ...(item.categorySlug
          ? [
              {
                label: item.categoryName,
                to: `/noticias/${item.categorySlug}?scroll_to_last=true`,
              },
            ]
          : []),
      ]}
      heading={<span className={classes.articleTitle}>{item.title}</span>}
    >
      <div className={classes.articleLayout}>
        <article className={classes.article} data-testid="news-article">
          {item.subtitle && (
            <Text component="p" className={classes.articleSubtitle} data-testid="news-subtitle">
              {item.subtitle}
            </Text>
          )}
          <Group gap="xs" className={classes.meta} wrap="wrap">
            {item.pro && (
              <Badge color="dark" leftSection={<IconCrown size={12} aria-hidden />}>
                PRO
              </Badge>
            )}
            <Text span fw={700} c="var(--mantine-color-text)" data-testid="news-author">
              Por {item.author}
            </Text>
            <Text span aria-hidden visibleFrom="sm">
              ·
            </Text>
            <Text span component="time" dateTime={item.date} data-testid="news-date">
              {formatNewsDateTime(item.date)}
            </Text>
            {item.updateDate && (
              <>
                <Text span aria-hidden visibleFrom="sm">
                  ·
                </Text>
                <Text span data-testid="news-updated">
                  Atualizado em{' '}
                  <time dateTime={item.updateDate}>{formatNewsDateTime(item.updateDate)}</time>
                </Text>
              </>
            )}
          </Group>

          <Cover item={item} />

          {firstScreen ? null : item.pro && !content ? (
            pro.isPending && pro.fetchStatus !== 'idle' ? (
              <ContentSkeleton />
            ) : (
              <ProTeaser item={item} />
            )
          ) : (
            <div
              className={classes.content}
              data-testid="news-content"
              // Sanitised by the server when written (S11).
              dangerouslySetInnerHTML={{ __html: content ?? '' }}
            />
          )}

          {!firstScreen && (
            // Share, tags, the author and the related news: below the article, drawn after it
            // in a chunk of their own (what the page loads first).
            <Later>
              <NewsArticleMore item={item} url={url} openedAt={openedAt} />
            </Later>
          )}
        </article>
        {!firstScreen && <MostReadSide />}
      </div>
    </PageFrame>
  );
}

function ContentSkeleton() {
  return (
    <div className={classes.content} aria-busy="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={16} mt="md" />
      ))}
    </div>
  );
}

function Cover({ item }: { item: NewsItem }) {
  if (item.coverVideo && item.coverVideoYoutubeId) {
    return (
      <iframe
        className={classes.video}
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(item.coverVideoYoutubeId)}`}
        title={item.title}
        allow="encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  if (!item.featuredImage && !item.imageNew) return null;
  const img = <NewsPicture item={item} wide lazy={false} alt={item.imageCaption || item.title} />;
  return (
    <figure className={classes.cover}>
      {item.imageLink ? (
        <a href={item.imageLink} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      ) : (
        img
      )}
      {item.imageCaption && <figcaption>{item.imageCaption}</figcaption>}
    </figure>
  );
}

/** C34: the teaser, the notice and the tracked link to the PRO page; never a redirect. */
function ProTeaser({ item }: { item: NewsItem }) {
  return (
    <>
      {item.teaser && (
        <div
          className={`${classes.content} ${classes.teaser}`}
          data-testid="news-teaser"
          dangerouslySetInnerHTML={{ __html: item.teaser }}
        />
      )}
      <div className={classes.proNotice} data-testid="pro-notice">
        <IconCrown size={36} aria-hidden />
        <Title order={2} size="h3" mt="xs" c="white">
          {PRO_ONLY_TEXT}
        </Title>
        <Button
          component={Link}
          to={PRO_BENEFITS_PATH}
          variant="white"
          color="dark"
          size="md"
          mt="md"
          onClick={() => track('news', PRO_NEWS_CTA_EVENT, item.slug)}
        >
          {PRO_CTA_TEXT}
        </Button>
      </div>
    </>
  );
}

/** The 'most read of the week' side block: ≥ 992 px wide, after 771 px of scroll. */
function MostReadSide() {
  const { width } = useBreakpoint();
  const wide = width >= SIDE_BLOCK_MIN_WIDTH;
  const [scrolled, setScrolled] = useState(() => scrollTop() > SIDE_BLOCK_SCROLL);
  useEffect(() => {
    if (!wide) return;
    const onScroll = () => setScrolled(scrollTop() > SIDE_BLOCK_SCROLL);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [wide]);
  if (!wide) return null;
  return (
    <aside className={classes.side} aria-label={MOST_READ_TITLE}>
      {scrolled && (
        <div className={classes.sideBlock} data-testid="most-read-side">
          <Title order={2} size="h4" mb="xs">
            {MOST_READ_TITLE}
          </Title>
          <MostReadList />
        </div>
      )}
    </aside>
  );
}
