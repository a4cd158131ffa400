import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { NewsCard } from '@/features/news/NewsCard';
import {
  JOURNALISTS_ERROR_TEXT,
  JOURNALIST_EMPTY_TEXT,
  JOURNALIST_END_TEXT,
  JOURNALIST_NOT_FOUND_TEXT,
} from './journalists';
import { journalistNewsInfiniteQueryOptions } from './api/get-journalist-news';
import { useJournalists } from './api/get-journalists';

/**
 * /jornalistas/{slug} (JR-02, JR-04, G46): the journalist and their news, 10 per request
 * (getJournalistNews/{id}/{count}/{offset}, C40), 'Não há mais notícias.' at the end.
 */
export function JournalistPage() {
  const { slug = '' } = useParams();
  const journalists = useJournalists();
  const journalist = journalists.data?.find((item) => item.slug === slug);
  const news = useInfiniteQuery({
    ...journalistNewsInfiniteQueryOptions(journalist?.id),
    enabled: !!journalist,
  });

  if (journalists.isPending) {
    return (
      <PageFrame title="Jornalistas">
        <Skeleton height={120} radius="md" />
      </PageFrame>
    );
  }
  if (journalists.isError) {
    return (
      <PageFrame title="Jornalistas">
        <Alert color="red">{JOURNALISTS_ERROR_TEXT}</Alert>
      </PageFrame>
    );
  }
  if (!journalist) {
    return (
      <PageFrame title="Jornalista não encontrado" noindex>
        <NotFoundView
          message={JOURNALIST_NOT_FOUND_TEXT}
          backTo="/jornalistas"
          backLabel="Ver todos os jornalistas"
        />
      </PageFrame>
    );
  }

  const items = news.data?.pages.flat() ?? [];
  const ended = news.isSuccess && !news.hasNextPage;
  return (
    <PageFrame title={journalist.name} breadcrumbs={[{ label: 'Jornalistas', to: '/jornalistas' }]}>
      <Group align="flex-start" wrap="nowrap" mb="lg">
        <Avatar src={journalist.imageFile} alt="" size={96} radius="xl" />
        <Text data-testid="journalist-description">{journalist.description}</Text>
      </Group>
      {news.isError && <Alert color="red">{JOURNALISTS_ERROR_TEXT}</Alert>}
      {news.isPending && <Loader aria-label="Carregando notícias" />}
      {news.isSuccess && items.length === 0 && <Text>{JOURNALIST_EMPTY_TEXT}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {items.map((item) => (
          <NewsCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
      <Stack align="center" mt="lg">
        {news.hasNextPage && (
          <Button
            variant="light"
            loading={news.isFetchingNextPage}
            onClick={() => void news.fetchNextPage()}
          >
            Carregar Mais
          </Button>
        )}
        {ended && items.length > 0 && <Text c="dimmed">{JOURNALIST_END_TEXT}</Text>}
      </Stack>
    </PageFrame>
  );
}
