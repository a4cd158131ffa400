import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Affiliate } from '@/generated/Affiliate';
import { FreeStreamingCallout } from '@/features/forms/FreeStreamingRequest';
import { useAffiliates } from '@/features/shell/api/get-affiliates';
import { LOAD_ERROR } from '@/lib/messages';
import {
  AFFILIATE_FILTER_DELAY_MS,
  AFFILIATE_STATES,
  NO_AFFILIATE_TEXT,
  cepOf,
  orDash,
  stateOf,
} from './affiliates';

const ALL = 'Todos';

function AffiliateCard({ affiliate }: { affiliate: Affiliate }) {
  return (
    <Card withBorder padding="lg" component="article" data-testid="affiliate-card">
      <Title order={2} size="h5">
        {orDash(affiliate.filial)}
      </Title>
      <Stack gap={4} mt="sm">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden />
          <Text size="sm">
            {orDash(affiliate.enderecoRua)}
            <br />
            {orDash(affiliate.enderecoCEP.split(' - ')[0])} · CEP {orDash(cepOf(affiliate))}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <Text size="sm">{orDash(affiliate.email)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconPhone size={16} aria-hidden />
          <Text size="sm">{orDash(affiliate.telefone)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** /afiliadas (doc2 §2 Affiliates; AF-02, AF-04, AF-05), with the free-streaming request (G26). */
export function AffiliatesPage() {
  const query = useAffiliates();
  const [selected, setSelected] = useState<string>(ALL);
  const [filtering, setFiltering] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const choose = (state: string) => {
    setSelected(state);
    setFiltering(true);
    if (timer.current) clearTimeout(timer.current);
    // doc2: a 1 s loading state follows every filter change.
    timer.current = setTimeout(() => setFiltering(false), AFFILIATE_FILTER_DELAY_MS);
  };

  const shown = useMemo(
    () =>
      (query.data ?? []).filter((affiliate) => selected === ALL || stateOf(affiliate) === selected),
    [query.data, selected],
  );

  return (
    <PageFrame
      title="Afiliadas"
      description="Mais de 550 municípios em sete estados: encontre a afiliada mais perto de você."
    >
      <Stack gap="md" mb="lg">
        <Select
          label="Estado"
          data={[ALL, ...AFFILIATE_STATES]}
          value={selected}
          onChange={(value) => choose(value ?? ALL)}
          allowDeselect={false}
          maw={240}
        />
        <Group gap="xs" role="group" aria-label="Filtrar por estado">
          {AFFILIATE_STATES.map((state) => (
            <Button
              key={state}
              size="xs"
              variant={selected === state ? 'filled' : 'default'}
              aria-pressed={selected === state}
              onClick={() => choose(state)}
            >
              {state}
            </Button>
          ))}
        </Group>
      </Stack>
      {query.isPending || filtering ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : query.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : shown.length === 0 ? (
        <Text ta="center" py="xl" fw={600}>
          {NO_AFFILIATE_TEXT}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {shown.map((affiliate) => (
            <AffiliateCard key={affiliate.id} affiliate={affiliate} />
          ))}
        </SimpleGrid>
      )}
      <Box mt="xl">
        <FreeStreamingCallout />
      </Box>
    </PageFrame>
  );
}
