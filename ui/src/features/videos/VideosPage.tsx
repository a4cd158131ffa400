import { IconVideo } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /videos (doc2 §2 Videos (C06)). The frame of the page; its content arrives in a later issue. */
export function VideosPage() {
  return (
    <PageFrame title="Vídeos" description="Clipes, bastidores e entrevistas em vídeo.">
      <EmptyState
        icon={IconVideo}
        title="Vídeos em breve"
        description="A galeria de vídeos está sendo montada. Que tal assistir à TV da rádio?"
        links={[
          { label: 'Assistir à TV', to: '/tv' },
          { label: 'Músicas', to: '/musicas' },
        ]}
      />
    </PageFrame>
  );
}
