import { IconMusic } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /musicas (doc2 §2 Music). The frame of the page; its content arrives in a later issue. */
export function MusicListPage() {
  return (
    <PageFrame
      title="Músicas"
      description="Letras, traduções e vídeos das músicas que tocam na programação."
    >
      <EmptyState
        icon={IconMusic}
        title="Catálogo de músicas em breve"
        description="Em breve você poderá buscar músicas por nome, artista, letra, tradução ou vídeo."
        links={[
          { label: 'Artistas', to: '/artistas' },
          { label: 'As 100 mais', to: '/as-100-mais' },
        ]}
      />
    </PageFrame>
  );
}
