import { IconUserStar } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /artistas/{slug} (doc2 §2 Artists). */
export function ArtistPage() {
  const { slug = '' } = useParams();
  const name = humanizeSlug(slug);
  return (
    <PageFrame title={name} breadcrumbs={[{ label: 'Artistas', to: '/artistas' }]}>
      <EmptyState
        icon={IconUserStar}
        title="Biografia em breve"
        description={`A biografia e as músicas de ${name} vão aparecer aqui.`}
        links={[
          { label: 'Todos os artistas', to: '/artistas' },
          { label: 'As 10 mais', to: '/as-10-mais' },
        ]}
      />
    </PageFrame>
  );
}
