import { IconArticle } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /noticias/{slug} (doc2 §2, C09): a single news item. */
export function NewsArticlePage({ slug }: { slug: string }) {
  const title = humanizeSlug(slug);
  return (
    <PageFrame title={title} breadcrumbs={[{ label: 'Notícias', to: '/noticias' }]}>
      <EmptyState
        icon={IconArticle}
        title="Notícia em breve"
        description="O texto completo desta notícia vai aparecer aqui. Enquanto isso, confira as últimas notícias."
        links={[
          { label: 'Últimas notícias', to: '/noticias' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
