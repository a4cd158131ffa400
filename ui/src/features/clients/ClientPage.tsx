import { IconBuildingStore } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /clientes/{slug} (doc3 §2.5): a client, its locations and spots. */
export function ClientPage() {
  const { slug = '' } = useParams();
  const name = humanizeSlug(slug);
  return (
    <PageFrame title={name} breadcrumbs={[{ label: 'Clientes', to: '/clientes' }]}>
      <EmptyState
        icon={IconBuildingStore}
        title="Detalhes do cliente em breve"
        description="As praças e os spots deste cliente vão aparecer aqui."
        links={[
          { label: 'Todos os clientes', to: '/clientes' },
          { label: 'Anuncie conosco', to: '/anuncie-conosco' },
        ]}
      />
    </PageFrame>
  );
}
