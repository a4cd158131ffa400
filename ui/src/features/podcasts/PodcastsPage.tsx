import { Alert, Button, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconHeadphones } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { PodcastShow } from '@/generated/PodcastShow';
import { useSession } from '@/lib/session';
import { podcastsQueryOptions, proPodcastsQueryOptions } from './api/podcasts-api';
import { PODCAST_ERROR_TEXT } from './messages';
import classes from './Podcasts.module.css';

function ShowCard({ show }: { show: PodcastShow }) {
  return (
    <Link to={`/podcasts/${show.slug}`} className={classes.card} data-testid="podcast-card">
      <img src={show.thumb} alt="" className={classes.cover} loading="lazy" />
      <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
        <Title order={2} size="h4">
          {show.name}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {show.subtitle}
        </Text>
      </div>
    </Link>
  );
}

/**
 * /podcasts (doc2 §2 Podcasts, PD-01, PD-02, C36): the grid of shows. PRO-only shows and shows
 * without a show id stay out of it for everyone; the PRO list is fetched only when logged in.
 */
export function PodcastsPage() {
  const session = useSession();
  const shows = useQuery(podcastsQueryOptions());
  // Fetched only with a session (PD-02); it feeds direct access to PRO shows (C36).
  useQuery({ ...proPodcastsQueryOptions(session?.user.userId ?? 0), enabled: !!session });
  const grid = (shows.data ?? []).filter((show) => !show.pro && show.showId !== '');

  return (
    <PageFrame
      title="Podcasts"
      description="Programas, entrevistas e boletins para ouvir quando e onde quiser."
    >
      {shows.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="podcasts-loading">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} h={280} radius="md" />
          ))}
        </SimpleGrid>
      ) : shows.isError ? (
        <Alert color="red" role="alert">
          {PODCAST_ERROR_TEXT}
        </Alert>
      ) : grid.length === 0 ? (
        <EmptyState
          icon={IconHeadphones}
          title="Nenhum podcast por aqui ainda"
          description="Volte em breve para ouvir os programas da rádio."
          links={[{ label: 'Outros podcasts', to: '/podcasts/outros' }]}
        />
      ) : (
        <div className={classes.grid} data-testid="podcast-grid">
          {grid.map((show) => (
            <ShowCard key={show.slug} show={show} />
          ))}
        </div>
      )}
      <Group mt="xl">
        <Button component={Link} to="/podcasts/outros" variant="light">
          Outros podcasts
        </Button>
      </Group>
    </PageFrame>
  );
}
