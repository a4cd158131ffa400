import { IconRadio } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /quem-somos (doc2 §2 About). The frame of the page; its content arrives in a later issue. */
export function AboutPage() {
  return (
    <PageFrame
      title="Quem somos"
      description="Uma rádio FM nacional, com afiliadas por todo o Brasil e no ar há décadas."
    >
      <EmptyState
        icon={IconRadio}
        title="Nossa história em breve"
        description="Estamos preparando esta página com a história da rádio."
        links={[
          { label: 'Afiliadas', to: '/afiliadas' },
          { label: 'Programação', to: '/programacao' },
        ]}
      />
    </PageFrame>
  );
}
