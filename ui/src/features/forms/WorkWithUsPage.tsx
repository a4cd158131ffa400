import { IconBriefcase } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /trabalhe-conosco (doc2 §2 Forms). The frame of the page; its content arrives in a later issue. */
export function WorkWithUsPage() {
  return (
    <PageFrame
      title="Trabalhe conosco"
      description="Quer fazer parte do time? Envie seu currículo."
    >
      <EmptyState
        icon={IconBriefcase}
        title="Vagas e currículos em breve"
        description="O envio de currículos estará disponível aqui em breve."
        links={[
          { label: 'Quem somos', to: '/quem-somos' },
          { label: 'Contato', to: '/contato' },
        ]}
      />
    </PageFrame>
  );
}
