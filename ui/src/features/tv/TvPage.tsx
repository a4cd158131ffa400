import { IconDeviceTv } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /tv (doc3 §2.4). The frame of the page; its content arrives in a later issue. */
export function TvPage() {
  return (
    <PageFrame
      title="TV"
      description="A programação ao vivo em vídeo e os clipes com letra e tradução."
    >
      <EmptyState
        icon={IconDeviceTv}
        title="Transmissão em vídeo em breve"
        description="O player de vídeo ao vivo chega em breve. Enquanto isso, ouça a rádio ao vivo."
        links={[
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
          { label: 'Vídeos', to: '/videos' },
        ]}
      />
    </PageFrame>
  );
}
