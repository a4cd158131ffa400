import { IconHeadphones } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /podcasts/{show} (doc2 §2 Podcasts, C05): one show and its episodes. */
export function PodcastShowPage({ show }: { show: string }) {
  const name = humanizeSlug(show);
  return (
    <PageFrame title={name} breadcrumbs={[{ label: 'Podcasts', to: '/podcasts' }]}>
      <EmptyState
        icon={IconHeadphones}
        title="Episódios em breve"
        description={`Os episódios de ${name} vão aparecer aqui.`}
        links={[
          { label: 'Todos os podcasts', to: '/podcasts' },
          { label: 'Outros podcasts', to: '/podcasts/outros' },
        ]}
      />
    </PageFrame>
  );
}
