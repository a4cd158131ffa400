import { IconHeartHandshake } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /parceiros (doc2 §2 Partners). The frame of the page; its content arrives in a later issue. */
export function PartnersPage() {
  return (
    <PageFrame title="Parceiros" description="As empresas e instituições que caminham com a gente.">
      <EmptyState
        icon={IconHeartHandshake}
        title="Parceiros em breve"
        description="A lista de parceiros está sendo preparada."
        links={[
          { label: 'Anuncie conosco', to: '/anuncie-conosco' },
          { label: 'Clientes', to: '/clientes' },
        ]}
      />
    </PageFrame>
  );
}
