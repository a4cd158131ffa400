import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { newsCategoriesQueryOptions } from '@/lib/news-categories';

const FEED_FORMATS = [
  { format: 'rss', label: 'RSS 2.0' },
  { format: 'atom', label: 'Atom 1.0' },
  { format: 'json', label: 'JSON Feed' },
] as const;

/** /feeds (doc2 §2; ST-05): /feed/{atom|rss|json}/{category slug} for every news category. */
export function FeedsPage() {
  const query = useQuery(newsCategoriesQueryOptions());
  return (
    <PageFrame
      title="Feeds"
      description="Acompanhe as notícias no seu leitor de feeds favorito (RSS, Atom e JSON Feed)."
    >
      {query.isPending ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(query.data ?? []).map((category) => (
            <Paper key={category.slug} withBorder p="md" data-testid="feed-category">
              <Title order={2} size="h5" mb="xs">
                {category.name}
              </Title>
              <Stack gap={4}>
                {FEED_FORMATS.map(({ format, label }) => (
                  <Group key={format} gap="xs" wrap="nowrap">
                    <Text size="sm" w={80}>
                      {label}
                    </Text>
                    <Anchor
                      href={`/feed/${format}/${category.slug}`}
                      size="sm"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {`/feed/${format}/${category.slug}`}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
