import { Alert, Anchor, Card, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Partner } from '@/generated/Partner';
import { api } from '@/lib/api';
import { LOAD_ERROR } from '@/features/programmes/ProgrammePage';

/** /parceiros (doc2 §2, AF-01): partner cards with name, image and description. */
export function PartnersPage() {
  const query = useQuery({
    queryKey: ['partners'],
    queryFn: () => api.get<Partner[]>('getPartnersData'),
    staleTime: 300_000,
  });
  return (
    <PageFrame title="Parceiros" description="As empresas e instituições que caminham com a gente.">
      {query.isPending ? (
        <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />
      ) : query.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={IconHeartHandshake}
          title="Nenhum parceiro no momento"
          description="A lista de parceiros está sendo preparada."
          links={[{ label: 'Anuncie conosco', to: '/anuncie-conosco' }]}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {query.data.map((partner) => (
            <Card
              key={partner.slug}
              withBorder
              padding="lg"
              component="article"
              data-testid="partner-card"
            >
              <Card.Section>
                <Image src={partner.image} alt={partner.name} h={160} fit="cover" />
              </Card.Section>
              <Stack gap={6} mt="md">
                <Title order={2} size="h4">
                  {partner.name}
                </Title>
                <Text size="sm">{partner.description}</Text>
                {partner.link && (
                  <Anchor href={partner.link} target="_blank" rel="noopener noreferrer" size="sm">
                    Visitar site
                  </Anchor>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
