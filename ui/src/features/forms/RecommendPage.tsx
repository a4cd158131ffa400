import { IconMusicPlus } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /recomende (doc2 §2 Forms). The frame of the page; its content arrives in a later issue. */
export function RecommendPage() {
  return (
    <PageFrame
      title="Recomende uma música"
      description="Tem uma música que é a cara da rádio? Conte pra gente."
    >
      <EmptyState
        icon={IconMusicPlus}
        title="Formulário em breve"
        description="Em breve você poderá recomendar músicas por aqui."
        links={[
          { label: 'As 10 mais', to: '/as-10-mais' },
          { label: 'Contato', to: '/contato' },
        ]}
      />
    </PageFrame>
  );
}
