import { IconListNumbers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /as-100-mais/{year?} (doc2 §2 Top 100): the hundred most played of a year (default G44). */
export function Top100Page() {
  const { year } = useParams();
  return (
    <PageFrame
      title={year ? `As 100 mais de ${year}` : 'As 100 mais'}
      breadcrumbs={year ? [{ label: 'As 100 mais', to: '/as-100-mais' }] : []}
      description="As músicas que marcaram cada ano na rádio."
    >
      <EmptyState
        icon={IconListNumbers}
        title="Ranking em breve"
        description="A lista das 100 mais, ano a ano, vai aparecer aqui."
        links={[
          { label: 'As 10 mais', to: '/as-10-mais' },
          { label: 'Músicas', to: '/musicas' },
        ]}
      />
    </PageFrame>
  );
}
