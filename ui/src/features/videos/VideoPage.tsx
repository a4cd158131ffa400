import { IconVideo } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /videos/{videoTitle} (doc2 §2 Videos, C06). */
export function VideoPage() {
  const { title = '' } = useParams();
  const name = humanizeSlug(title);
  return (
    <PageFrame title={name} breadcrumbs={[{ label: 'Vídeos', to: '/videos' }]}>
      <EmptyState
        icon={IconVideo}
        title="Vídeo em breve"
        description="O player deste vídeo vai aparecer aqui."
        links={[
          { label: 'Todos os vídeos', to: '/videos' },
          { label: 'Assistir à TV', to: '/tv' },
        ]}
      />
    </PageFrame>
  );
}
