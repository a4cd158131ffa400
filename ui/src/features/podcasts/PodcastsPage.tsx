import { IconHeadphones } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /podcasts (doc2 §2 Podcasts). The frame of the page; its content arrives in a later issue. */
export function PodcastsPage() {
  return (
    <PageFrame
      title="Podcasts"
      description="Programas, entrevistas e boletins para ouvir quando e onde quiser."
    >
      <EmptyState
        icon={IconHeadphones}
        title="Podcasts em breve"
        description="Os episódios mais recentes de cada programa vão aparecer aqui."
        links={[
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
          { label: 'Outros podcasts', to: '/podcasts/outros' },
        ]}
      />
    </PageFrame>
  );
}
