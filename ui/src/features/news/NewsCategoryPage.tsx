import { IconNews } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useNewsCategories } from '@/lib/news-categories';
import { humanizeSlug } from '@/lib/text';

/** /noticias/{categorySlug} (doc2 §2, C09): the news of one of the 14 categories. */
export function NewsCategoryPage({ slug }: { slug: string }) {
  const categories = useNewsCategories();
  const name = categories.find((category) => category.slug === slug)?.name ?? humanizeSlug(slug);
  return (
    <PageFrame
      title={name}
      breadcrumbs={[{ label: 'Notícias', to: '/noticias' }]}
      description={`As últimas notícias de ${name}.`}
    >
      <EmptyState
        icon={IconNews}
        title="Nenhuma notícia disponível no momento."
        description={`As notícias de ${name} vão aparecer aqui. Veja também as outras categorias.`}
        links={[
          { label: 'Todas as notícias', to: '/noticias' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
