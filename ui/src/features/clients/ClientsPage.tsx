import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Client } from '@/generated/Client';
import { track } from '@/lib/analytics';
import { LOAD_ERROR } from '@/lib/messages';
import {
  CLIENTS_ANALYTICS_CATEGORY,
  DEFAULT_CLIENT_IMAGE,
  NO_LOCATION_TEXT,
  SEGMENTS,
  cutDescription,
  segmentOf,
} from './clients';
import { clientsQueryOptions } from './api/get-clients';

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

function ClientCard({ client }: { client: Client }) {
  return (
    <Card withBorder padding="lg" component="article" data-testid="client-card">
      <Group wrap="nowrap" align="flex-start">
        <Image
          src={client.imageFile ?? DEFAULT_CLIENT_IMAGE}
          alt={client.name}
          w={72}
          h={72}
          radius="md"
          fit="cover"
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {client.name}
          </Title>
          <Text size="sm">{cutDescription(client.shortDescription)}</Text>
        </Stack>
      </Group>
      <Group gap="xs" mt="md">
        <Badge variant="light">
          {client.locations.length === 0
            ? NO_LOCATION_TEXT
            : plural(client.locations.length, 'praça', 'praças')}
        </Badge>
        <Badge variant="light" color="gray">
          {plural(client.numSpots, 'spot', 'spots')}
        </Badge>
      </Group>
      <Button
        component={Link}
        to={`/clientes/${client.slug}`}
        onClick={() => track(CLIENTS_ANALYTICS_CATEGORY, 'saiba-mais', client.slug)}
        variant="light"
        mt="md"
        fullWidth
      >
        Saiba mais
      </Button>
    </Card>
  );
}

/** /clientes (doc3 §2.5, CL-01): clients grouped by segment. */
export function ClientsPage() {
  const query = useQuery(clientsQueryOptions());
  return (
    <PageFrame
      title="Clientes"
      description="Marcas que anunciam com a gente, por segmento, com seus spots."
    >
      {query.isPending ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : query.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : query.data.clientsData.length === 0 ? (
        <EmptyState
          icon={IconBuildingStore}
          title="Nenhum cliente no momento"
          description="O diretório de anunciantes está sendo montado."
          links={[{ label: 'Anuncie conosco', to: '/anuncie-conosco' }]}
        />
      ) : (
        <Stack gap="xl">
          {SEGMENTS.map((segment, index) => {
            const clients = query.data.clientsData.filter(
              (client) => segmentOf(client) === segment,
            );
            if (clients.length === 0) return null;
            return (
              <section key={segment} aria-labelledby={`segment-${index}`} data-testid="segment">
                <Title order={2} size="h3" mb="md" id={`segment-${index}`}>
                  {segment}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                  {clients.map((client) => (
                    <ClientCard key={client.slug} client={client} />
                  ))}
                </SimpleGrid>
              </section>
            );
          })}
        </Stack>
      )}
    </PageFrame>
  );
}
