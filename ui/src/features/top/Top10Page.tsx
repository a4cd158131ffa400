import { IconTrophy } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /as-10-mais/{slug?} (doc2 §2 Top 10): the ten most played, by category. */
export function Top10Page() {
  const { slug } = useParams();
  const category = slug ? humanizeSlug(slug) : null;
  return (
    <PageFrame
      title={category ? `As 10 mais: ${category}` : 'As 10 mais'}
      breadcrumbs={category ? [{ label: 'As 10 mais', to: '/as-10-mais' }] : []}
      description="Os álbuns e músicas mais pedidos pelos ouvintes."
    >
      <EmptyState
        icon={IconTrophy}
        title="Ranking em breve"
        description="O ranking das 10 mais desta semana vai aparecer aqui."
        links={[
          { label: 'As 100 mais', to: '/as-100-mais' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
