import { IconCrown } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /vantagens-da-assinatura-pro (doc3 §2.2). The frame of the page; its content arrives in a later issue. */
export function ProBenefitsPage() {
  return (
    <PageFrame
      title="Vantagens da assinatura PRO"
      description="Sem anúncios, streams exclusivos, podcasts PRO, modo escuro e rádio despertador."
    >
      <EmptyState
        icon={IconCrown}
        title="Detalhes da assinatura em breve"
        description="Planos, perguntas frequentes e como assinar pelo aplicativo estarão aqui em breve."
        links={[
          { label: 'Aplicativos', to: '/aplicativos' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
