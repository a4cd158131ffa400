import { IconUserStar } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /artistas (doc2 §2 Artists). The frame of the page; its content arrives in a later issue. */
export function ArtistsPage() {
  return (
    <PageFrame
      title="Artistas"
      description="Biografias, músicas e curiosidades dos artistas que tocam na rádio."
    >
      <EmptyState
        icon={IconUserStar}
        title="Artistas em breve"
        description="Estamos organizando o catálogo de artistas. Enquanto isso, veja as músicas mais tocadas."
        links={[
          { label: 'As 10 mais', to: '/as-10-mais' },
          { label: 'Músicas', to: '/musicas' },
        ]}
      />
    </PageFrame>
  );
}
