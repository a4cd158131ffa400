import { Card, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { CardGrid } from '@/components/CardGrid/CardGrid';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Program } from '@/generated/Program';
import { useProgrammes } from './api/get-programmes';

function ProgramCard({ program }: { program: Program }) {
  return (
    <Card withBorder padding="lg" component="article" data-testid="program-card">
      <Card.Section>
        <Image src={program.programImage} alt={program.programTitle} h={180} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={2} size="h4">
          {program.programTitle}
        </Title>
        <Text size="sm" fw={700} c="brand">
          {program.programDays} · {program.programTime}
        </Text>
        {program.host && (
          <Text size="sm" c="dimmed">
            Com {program.host}
          </Text>
        )}
        <Text size="sm">{program.programDescription}</Text>
      </Stack>
    </Card>
  );
}

/** /programacao (doc2 §2, AF-01): programme cards with title, image, description, days and time. */
export function ProgrammePage() {
  const query = useProgrammes();
  return (
    <PageFrame title="Programação" description="Os programas da rádio, dia a dia e hora a hora.">
      <CardGrid
        items={query.data}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        skeletonImageHeight={180}
        itemKey={(program) => program.slug}
        renderItem={(program) => <ProgramCard program={program} />}
        empty={
          <EmptyState
            icon={IconCalendarTime}
            title="Grade de programação em breve"
            description="Estamos atualizando a grade. Você pode ouvir a rádio ao vivo agora mesmo."
            links={[{ label: 'Ouvir ao vivo', to: '/ouvir-radio-online' }]}
          />
        }
      />
    </PageFrame>
  );
}
