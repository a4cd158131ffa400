import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { cloudcastsQueryOptions, playlistsQueryOptions } from './api/podcasts-api';
import {
  END_OF_LIST,
  NO_OTHER_PODCAST_TEXT,
  OTHER_PODCASTS_SCROLL_DISTANCE,
  PODCAST_ERROR_TEXT,
  PODCAST_SCROLL_DEBOUNCE_MS,
} from './messages';
import { OTHER_PODCAST_LINKS, otherPodcastLabel } from './other-podcasts';
import { PodcastFacade } from './PodcastFacade';
import { useNearBottom } from './use-near-bottom';

export { NO_OTHER_PODCAST_TEXT };

function Recordings({ slug }: { slug: string }) {
  const pages = useInfiniteQuery(cloudcastsQueryOptions(slug));
  useNearBottom(
    () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
    !!pages.hasNextPage,
    OTHER_PODCASTS_SCROLL_DISTANCE,
    PODCAST_SCROLL_DEBOUNCE_MS,
  );
  if (pages.isPending) return <Skeleton h={300} data-testid="cloudcasts-loading" />;
  if (pages.isError && !pages.data) {
    return (
      <Alert color="red" role="alert">
        {PODCAST_ERROR_TEXT}
      </Alert>
    );
  }
  const items = pages.data.pages.flatMap((page) => page.data);
  return (
    <Stack gap="lg" data-testid="cloudcast-list">
      {items.map((item) => (
        <Stack key={item.slug} gap={6} data-testid="cloudcast">
          <Text fw={600} data-testid="cloudcast-name">
            {item.name}
          </Text>
          <Group gap={6}>
            {item.tags.map((tag) => (
              <Badge key={tag.name} variant="light">
                {tag.name}
              </Badge>
            ))}
          </Group>
          <PodcastFacade url={item.playerUrl} title={item.name} label={item.slug} />
        </Stack>
      ))}
      {pages.isFetchingNextPage && (
        <Center>
          <Loader size="sm" aria-label="Carregando podcasts" />
        </Center>
      )}
      {pages.isFetchNextPageError && (
        <Alert color="red" role="alert">
          {PODCAST_ERROR_TEXT}
        </Alert>
      )}
      {!pages.hasNextPage && (
        <Text ta="center" c="dimmed" data-testid="cloudcasts-end">
          {END_OF_LIST}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /podcasts/outros and /podcasts/outros/{slug} (doc2 §2 Podcasts, C05, PD-06, PD-08): the
 * catalogue's playlists, the category description and its recordings as tag-labelled player
 * widgets (each framed when the listener asks: PodcastFacade), 10 more per request within 400 px
 * of the bottom. Served same-origin by the server.
 */
export function OtherPodcastsPage({ slug }: { slug?: string }) {
  const label = slug ? otherPodcastLabel(slug) : 'Recentes';
  const current = OTHER_PODCAST_LINKS.find((link) => link.label === label);
  const playlists = useQuery(playlistsQueryOptions());
  const crumbs = [{ label: 'Podcasts', to: '/podcasts' }];
  if (slug) crumbs.push({ label: 'Outros podcasts', to: '/podcasts/outros' });
  const playlist = playlists.data?.find((p) => p.alias === current?.slug);

  return (
    <PageFrame title={slug && label ? label : 'Outros podcasts'} breadcrumbs={crumbs}>
      <Group gap="xs" mb="lg" component="nav" aria-label="Categorias de outros podcasts">
        {OTHER_PODCAST_LINKS.map((link) => (
          <Button
            key={link.slug}
            component={Link}
            to={`/podcasts/outros/${link.slug}`}
            size="xs"
            variant={label === link.label ? 'filled' : 'default'}
          >
            {link.label}
          </Button>
        ))}
      </Group>
      {!current ? (
        <NotFoundView
          message={NO_OTHER_PODCAST_TEXT}
          backTo="/podcasts"
          backLabel="Voltar para os podcasts"
        />
      ) : (
        <Stack gap="lg">
          {playlists.isError ? (
            <Alert color="red" role="alert">
              {PODCAST_ERROR_TEXT}
            </Alert>
          ) : playlist ? (
            <div>
              <Title order={2} size="h3">
                {playlist.name}
              </Title>
              <Text c="dimmed" data-testid="category-description">
                {playlist.description}
              </Text>
            </div>
          ) : (
            <Skeleton h={48} />
          )}
          <Recordings slug={current.slug} />
          <Button component={Link} to="/podcasts" variant="subtle" w="fit-content">
            Voltar para os podcasts
          </Button>
        </Stack>
      )}
    </PageFrame>
  );
}
