import { Alert, Anchor, Button, Center, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCrown } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { PRO_CTA_TEXT, PRO_ONLY_TEXT } from '@/features/news/messages';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { useSession } from '@/lib/session';
import {
  episodesQueryOptions,
  podcastsQueryOptions,
  proPodcastsQueryOptions,
} from './api/podcasts-api';
import { PODCAST_ERROR_TEXT, PODCAST_NOT_FOUND_TEXT, PODCAST_SCROLL_DEBOUNCE_MS } from './messages';
import { PodcastPlayer } from './PodcastPlayer';
import classes from './Podcasts.module.css';
import { useNearBottom } from './use-near-bottom';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});

function BackLink() {
  return (
    <Anchor component={Link} to="/podcasts" data-testid="podcasts-back">
      <IconArrowLeft size={14} aria-hidden /> Voltar para os podcasts
    </Anchor>
  );
}

function Episodes({ show }: { show: string }) {
  const episodes = useInfiniteQuery(episodesQueryOptions(show));
  useNearBottom(
    () => {
      if (episodes.hasNextPage && !episodes.isFetchingNextPage) void episodes.fetchNextPage();
    },
    !!episodes.hasNextPage,
    200,
    PODCAST_SCROLL_DEBOUNCE_MS,
  );
  if (episodes.isPending) return <Skeleton h={200} />;
  if (episodes.isError && !episodes.data) {
    return (
      <Alert color="red" role="alert">
        {PODCAST_ERROR_TEXT}
      </Alert>
    );
  }
  const items = episodes.data.pages.flat();
  if (items.length === 0) return <Text c="dimmed">Nenhum episódio publicado ainda.</Text>;
  return (
    <>
      <ul className={classes.episodes} data-testid="episode-list">
        {items.map((episode) => (
          <li key={episode.slug}>
            <Link to={`/noticias/${episode.slug}`} className={classes.episode}>
              <Text fw={600}>{episode.title}</Text>
              <Text size="sm" c="dimmed">
                {dateFormat.format(new Date(episode.date))}
              </Text>
            </Link>
          </li>
        ))}
      </ul>
      {episodes.isFetchingNextPage && (
        <Center py="md">
          <Loader size="sm" aria-label="Carregando episódios" />
        </Center>
      )}
    </>
  );
}

/**
 * /podcasts/{show} (doc2 §2 Podcasts, PD-03..PD-05, C36): the show's player (load button, then the
 * iframe after 700 ms) and its episodes (20, then 20 more at the end of the list), linking to
 * /noticias/{slug}. PRO shows play for PRO users; others see the PRO notice.
 */
export function PodcastShowPage({ show }: { show: string }) {
  const session = useSession();
  const shows = useQuery(podcastsQueryOptions());
  const pro = useQuery({
    ...proPodcastsQueryOptions(session?.user.userId ?? 0),
    enabled: !!session,
  });
  const crumbs = [{ label: 'Podcasts', to: '/podcasts' }];

  if (shows.isPending || (session && pro.isPending)) {
    return (
      <PageFrame title="Podcasts" breadcrumbs={crumbs}>
        <Skeleton h={200} mb="lg" />
        <Skeleton h={300} />
      </PageFrame>
    );
  }
  if (shows.isError) {
    return (
      <PageFrame title="Podcasts" breadcrumbs={crumbs}>
        <Alert color="red" role="alert" mb="md">
          {PODCAST_ERROR_TEXT}
        </Alert>
        <BackLink />
      </PageFrame>
    );
  }
  const entry = pro.data?.find((s) => s.slug === show) ?? shows.data.find((s) => s.slug === show);
  if (!entry) {
    return (
      <PageFrame title="Podcast não encontrado" breadcrumbs={crumbs}>
        <NotFoundView
          message={PODCAST_NOT_FOUND_TEXT}
          backTo="/podcasts"
          backLabel="Voltar para os podcasts"
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={entry.name} description={entry.subtitle} breadcrumbs={crumbs}>
      <Stack gap="lg">
        <BackLink />
        {entry.playerUrl ? (
          <PodcastPlayer
            url={entry.playerUrl}
            title={`Player do podcast ${entry.name}`}
            style={entry.podcastPlayerStyle}
            label={entry.slug}
          />
        ) : entry.pro ? (
          <Stack align="center" p="xl" bg="dark.7" c="white" data-testid="pro-notice">
            <IconCrown size={36} aria-hidden />
            <Title order={2} size="h3" c="white">
              {PRO_ONLY_TEXT}
            </Title>
            <Button component={Link} to={PRO_BENEFITS_PATH} variant="white" color="dark">
              {PRO_CTA_TEXT}
            </Button>
          </Stack>
        ) : null}
        {entry.description && <Text>{entry.description}</Text>}
        <Title order={2} size="h3">
          Episódios
        </Title>
        <Episodes show={entry.slug} />
      </Stack>
    </PageFrame>
  );
}
