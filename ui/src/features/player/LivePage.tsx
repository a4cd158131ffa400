import { IconBroadcast } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useStationName } from '@/lib/station';

/** /ouvir-radio-online (doc1 §2, §4): the live page. The player engine arrives in a later issue. */
export function LivePage() {
  const name = useStationName();
  return (
    <PageFrame
      title="Ouvir rádio online"
      heading={`${name} ao vivo`}
      description="A programação ao vivo, a música que está tocando agora e as últimas tocadas."
    >
      <EmptyState
        icon={IconBroadcast}
        title="Player ao vivo em breve"
        description="Aqui você vai ouvir a rádio ao vivo, ver a música que está tocando e avaliar suas favoritas. O volume já pode ser ajustado na barra inferior."
        links={[
          { label: 'Programação', to: '/programacao' },
          { label: 'Podcasts', to: '/podcasts' },
        ]}
      />
    </PageFrame>
  );
}
