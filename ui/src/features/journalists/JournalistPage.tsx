import { IconMicrophone } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /jornalistas/{slug} (doc2 §2 Journalists, C06). */
export function JournalistPage() {
  const { slug = '' } = useParams();
  const name = humanizeSlug(slug);
  return (
    <PageFrame title={name} breadcrumbs={[{ label: 'Jornalistas', to: '/jornalistas' }]}>
      <EmptyState
        icon={IconMicrophone}
        title="Perfil em breve"
        description={`O perfil e as matérias de ${name} vão aparecer aqui.`}
        links={[
          { label: 'Todos os jornalistas', to: '/jornalistas' },
          { label: 'Últimas notícias', to: '/noticias' },
        ]}
      />
    </PageFrame>
  );
}
