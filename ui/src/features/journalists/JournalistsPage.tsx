import { Alert, Avatar, Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useJournalists } from './api/get-journalists';
import { JOURNALISTS_ERROR_TEXT } from './journalists';

/** /jornalistas (doc2 §2 Journalists, JR-01): cards of the active journalists only. */
export function JournalistsPage() {
  const { data, isPending, isError } = useJournalists();
  const active = (data ?? []).filter((journalist) => journalist.isActive);
  return (
    <PageFrame title="Jornalistas" description="A equipe de jornalismo da rádio.">
      {isError && <Alert color="red">{JOURNALISTS_ERROR_TEXT}</Alert>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {isPending &&
          Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={120} radius="md" />
          ))}
        {active.map((journalist) => (
          <Card
            key={journalist.id}
            component={Link}
            to={`/jornalistas/${journalist.slug}`}
            withBorder
            radius="md"
            padding="md"
            data-testid="journalist-card"
          >
            <Avatar src={journalist.imageFile} alt="" size={64} radius="xl" mb="sm" />
            <Title order={2} size="h4">
              {journalist.name}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {journalist.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
