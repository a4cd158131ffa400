import { IconCode } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /incorporar-player (doc2 §2 Embed player). The frame of the page; its content arrives in a later issue. */
export function EmbedPlayerPage() {
  return (
    <PageFrame
      title="Incorporar player"
      description="Coloque o player da rádio no seu site ou blog."
    >
      <EmptyState
        icon={IconCode}
        title="Instruções em breve"
        description="O código para incorporar o player e o passo a passo estarão aqui em breve."
        links={[
          { label: 'Aplicativos', to: '/aplicativos' },
          { label: 'Feeds', to: '/feeds' },
        ]}
      />
    </PageFrame>
  );
}
