import { IconMicrophone } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /jornalistas (doc2 §2 Journalists (C06)). The frame of the page; its content arrives in a later issue. */
export function JournalistsPage() {
  return (
    <PageFrame
      title="Jornalistas"
      description="Conheça a equipe que apura e apresenta as notícias da rádio."
    >
      <EmptyState
        icon={IconMicrophone}
        title="Nossa equipe aparece aqui em breve"
        description="Os perfis dos jornalistas, com as últimas matérias de cada um, estão chegando."
        links={[
          { label: 'Ver notícias', to: '/noticias' },
          { label: 'Programação', to: '/programacao' },
        ]}
      />
    </PageFrame>
  );
}
