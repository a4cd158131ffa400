import { IconBuildingStore } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /clientes (doc3 §2.5). The frame of the page; its content arrives in a later issue. */
export function ClientsPage() {
  return (
    <PageFrame
      title="Clientes"
      description="Marcas que anunciam com a gente, por segmento, com seus spots."
    >
      <EmptyState
        icon={IconBuildingStore}
        title="Clientes em breve"
        description="O diretório de anunciantes e seus spots está sendo montado."
        links={[
          { label: 'Anuncie conosco', to: '/anuncie-conosco' },
          { label: 'Parceiros', to: '/parceiros' },
        ]}
      />
    </PageFrame>
  );
}
