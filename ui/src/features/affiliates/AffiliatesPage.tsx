import { IconMapPin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /afiliadas (doc2 §2 Affiliates). The frame of the page; its content arrives in a later issue. */
export function AffiliatesPage() {
  return (
    <PageFrame
      title="Afiliadas"
      description="As rádios afiliadas que levam a nossa programação para todo o Brasil."
    >
      <EmptyState
        icon={IconMapPin}
        title="Mapa de afiliadas em breve"
        description="Em breve você poderá filtrar as afiliadas por estado e ouvir cada uma delas. Use o botão “Sintonize no FM” no topo para ver as cidades."
        links={[
          { label: 'Fale com a gente', to: '/contato' },
          { label: 'Anuncie conosco', to: '/anuncie-conosco' },
        ]}
      />
    </PageFrame>
  );
}
