import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';

import { PODCAST_NOT_FOUND_TEXT } from './messages';

/** A podcast path that cannot exist (`/podcasts/{show≠outros}/{anything}`, C05). */
export function PodcastNotFoundPage() {
  return (
    <PageFrame
      title="Podcast não encontrado"
      breadcrumbs={[{ label: 'Podcasts', to: '/podcasts' }]}
    >
      <NotFoundView
        message={PODCAST_NOT_FOUND_TEXT}
        backTo="/podcasts"
        backLabel="Voltar para os podcasts"
      />
    </PageFrame>
  );
}
