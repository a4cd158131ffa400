import { Alert, Card, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Program } from '@/generated/Program';
import { api } from '@/lib/api';

export const LOAD_ERROR = 'Não foi possível carregar as informações. Tente novamente mais tarde.';

/** /programacao (doc2 §2, AF-01): programme cards with title, image, description, days and time. */
export function ProgrammePage() {
  const query = useQuery({
    queryKey: ['programs'],
    queryFn: () => api.get<Program[]>('programs/getProgramsData'),
    staleTime: 300_000,
  });
  return (
    <PageFrame title="Programação" description="Os programas da rádio, dia a dia e hora a hora.">
      {query.isPending ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : query.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={IconCalendarTime}
          title="Grade de programação em breve"
          description="Estamos atualizando a grade. Você pode ouvir a rádio ao vivo agora mesmo."
          links={[{ label: 'Ouvir ao vivo', to: '/ouvir-radio-online' }]}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {query.data.map((program) => (
            <Card
              key={program.slug}
              withBorder
              padding="lg"
              component="article"
              data-testid="program-card"
            >
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
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
