import { IconHash } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { TAG_TITLE_MAX } from '@/lib/constants';
import { humanizeSlug } from '@/lib/text';

/** /noticias/tags/{slug} (doc2 §2 Tags): the news with one tag; title cut at 32 characters. */
export function TagNewsPage({ slug }: { slug: string }) {
  const tag = humanizeSlug(slug);
  return (
    <PageFrame
      title={tag}
      titleMax={TAG_TITLE_MAX}
      heading={`#${tag}`}
      breadcrumbs={[
        { label: 'Notícias', to: '/noticias' },
        { label: 'Tags', to: '/noticias/tags' },
      ]}
    >
      <EmptyState
        icon={IconHash}
        title="Notícias em breve"
        description={`As notícias sobre ${tag} vão aparecer aqui.`}
        links={[
          { label: 'Todas as tags', to: '/noticias/tags' },
          { label: 'Últimas notícias', to: '/noticias' },
        ]}
      />
    </PageFrame>
  );
}
