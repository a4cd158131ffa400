import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Image,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import { IconFileText, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Client } from '@/generated/Client';
import type { Spot } from '@/generated/Spot';
import { track } from '@/lib/analytics';
import { ApiError } from '@/lib/api';
import { useStation } from '@/lib/station';
import { humanizeSlug } from '@/lib/text';
import { usePlayer, usePlayerMachine } from '@/features/player/hooks';
import { LOAD_ERROR } from '@/lib/messages';
import {
  CLIENTS_ANALYTICS_CATEGORY,
  SPOTS_ANALYTICS_CATEGORY,
  CLIENT_NOT_FOUND_HINT,
  CLIENT_NOT_FOUND_TEXT,
  DEFAULT_CLIENT_IMAGE,
  NO_AUDIO_TITLE,
  NO_LOCATION_TEXT,
  SPOT_PARAM,
} from './clients';
import { clientQueryOptions } from './api/get-client';
import { spotState, toggleSpot } from './spot-playback';

function SpotRow({ spot }: { spot: Spot }) {
  const machine = usePlayerMachine();
  const player = usePlayer();
  const [, setParams] = useSearchParams();
  const state = spotState(player, spot);
  const label = state === 'playing' ? `Pausar ${spot.name}` : `Tocar ${spot.name}`;
  return (
    <Paper withBorder p="sm" data-testid="spot-row">
      <Group wrap="nowrap" justify="space-between">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <ActionIcon
            size="lg"
            radius="xl"
            variant="filled"
            disabled={!spot.audioFile}
            title={spot.audioFile ? label : NO_AUDIO_TITLE}
            aria-label={spot.audioFile ? label : NO_AUDIO_TITLE}
            onClick={() => toggleSpot(machine, player, spot)}
          >
            {state === 'playing' ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
          </ActionIcon>
          <Text fw={600} truncate>
            {spot.name}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileText size={14} />}
          onClick={() => {
            track(SPOTS_ANALYTICS_CATEGORY, 'transcript', spot.slug);
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set(SPOT_PARAM, spot.slug);
                return next;
              },
              { preventScrollReset: true },
            );
          }}
        >
          Transcrito
        </Button>
      </Group>
    </Paper>
  );
}

function ClientDetail({ client }: { client: Client }) {
  const { station } = useStation();
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Image
          src={client.imageFile ?? DEFAULT_CLIENT_IMAGE}
          alt={client.name}
          radius="md"
          maw={320}
          mx="auto"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <TypographyStylesProvider>
            {/* Sanitised by the server (S11). */}
            <div
              data-testid="client-description"
              dangerouslySetInnerHTML={{ __html: client.description }}
            />
          </TypographyStylesProvider>
          <section>
            <Title order={2} size="h4" mb="xs">
              Praças
            </Title>
            {client.locations.length === 0 ? (
              <Text c="dimmed">{NO_LOCATION_TEXT}</Text>
            ) : (
              <List>
                {client.locations.map((location) => (
                  <List.Item key={location}>{location}</List.Item>
                ))}
              </List>
            )}
          </section>
          <section id="Spots">
            <Title order={2} size="h4" mb="xs">
              Spots
            </Title>
            {client.spots.length === 0 ? (
              <Text c="dimmed">Nenhum spot disponível.</Text>
            ) : (
              <Stack gap="xs">
                {client.spots.map((spot) => (
                  <SpotRow key={spot.slug} spot={spot} />
                ))}
              </Stack>
            )}
          </section>
          <Group>
            {client.link && (
              <Anchor
                href={client.link}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => track(CLIENTS_ANALYTICS_CATEGORY, 'client-site', client.slug)}
              >
                Site do cliente
              </Anchor>
            )}
            {station?.commercialUrl && (
              <Anchor
                href={station.commercialUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => track(CLIENTS_ANALYTICS_CATEGORY, 'advertise', client.slug)}
              >
                Anuncie na rádio
              </Anchor>
            )}
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /clientes/{slug} (doc3 §2.5; CL-03..CL-08). */
export function ClientPage() {
  const { slug = '' } = useParams();
  const query = useQuery(clientQueryOptions(slug));
  const notFound = query.error instanceof ApiError && query.error.code === 404;
  const title = query.data?.name ?? (notFound ? 'Cliente não encontrado' : humanizeSlug(slug));
  return (
    <PageFrame title={title} breadcrumbs={[{ label: 'Clientes', to: '/clientes' }]}>
      {query.isPending ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : notFound ? (
        <NotFoundView
          message={CLIENT_NOT_FOUND_TEXT}
          description={CLIENT_NOT_FOUND_HINT}
          backTo="/clientes"
          backLabel="Ver todos os clientes"
        />
      ) : query.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : (
        <ClientDetail client={query.data} />
      )}
    </PageFrame>
  );
}
