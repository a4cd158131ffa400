import { IconRss } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /feeds (doc2 §2 Feeds (G40)). The frame of the page; its content arrives in a later issue. */
export function FeedsPage() {
  return (
    <PageFrame
      title="Feeds"
      description="Acompanhe as notícias no seu leitor de feeds favorito (RSS, Atom e JSON Feed)."
    >
      <EmptyState
        icon={IconRss}
        title="Feeds em breve"
        description="Os endereços dos feeds por categoria estarão listados aqui em breve."
        links={[
          { label: 'Notícias', to: '/noticias' },
          { label: 'Aplicativos', to: '/aplicativos' },
        ]}
      />
    </PageFrame>
  );
}
