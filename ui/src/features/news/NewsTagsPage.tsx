import { IconHash } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /noticias/tags (doc2 §2 Tags). The frame of the page; its content arrives in a later issue. */
export function NewsTagsPage() {
  return (
    <PageFrame
      title="Tags"
      breadcrumbs={[{ label: 'Notícias', to: '/noticias' }]}
      description="Os assuntos mais comentados nas nossas notícias, reunidos por tema."
    >
      <EmptyState
        icon={IconHash}
        title="Tags em breve"
        description="A nuvem de assuntos está sendo preparada. Enquanto isso, confira as últimas notícias."
        links={[
          { label: 'Ver notícias', to: '/noticias' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
