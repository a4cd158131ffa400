import { Anchor, Card, Image, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { CardGrid } from '@/components/CardGrid/CardGrid';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Partner } from '@/generated/Partner';
import { usePartners } from './api/get-partners';

function PartnerCard({ partner }: { partner: Partner }) {
  return (
    <Card withBorder padding="lg" component="article" data-testid="partner-card">
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
  );
}

/** /parceiros (doc2 §2, AF-01): partner cards with name, image and description. */
export function PartnersPage() {
  const query = usePartners();
  return (
    <PageFrame title="Parceiros" description="As empresas e instituições que caminham com a gente.">
      <CardGrid
        items={query.data}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        skeletonImageHeight={160}
        itemKey={(partner) => partner.slug}
        renderItem={(partner) => <PartnerCard partner={partner} />}
        empty={
          <EmptyState
            icon={IconHeartHandshake}
            title="Nenhum parceiro no momento"
            description="A lista de parceiros está sendo preparada."
            links={[{ label: 'Anuncie conosco', to: '/anuncie-conosco' }]}
          />
        }
      />
    </PageFrame>
  );
}
