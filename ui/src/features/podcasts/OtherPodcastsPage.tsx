import { Button, Group } from '@mantine/core';
import { IconHeadphones } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { OTHER_PODCAST_LINKS, otherPodcastLabel } from './other-podcasts';

export const NO_OTHER_PODCAST_TEXT = 'Não há podcast relacionados com a categoria.';

/** /podcasts/outros and /podcasts/outros/{slug} (C05). */
export function OtherPodcastsPage({ slug }: { slug?: string }) {
  const label = slug ? otherPodcastLabel(slug) : null;
  const title = label ?? 'Outros podcasts';
  const crumbs = [{ label: 'Podcasts', to: '/podcasts' }];
  if (slug) crumbs.push({ label: 'Outros podcasts', to: '/podcasts/outros' });

  return (
    <PageFrame title={title} breadcrumbs={crumbs}>
      <Group gap="xs" mb="xl" component="nav" aria-label="Categorias de outros podcasts">
        {OTHER_PODCAST_LINKS.map((link) => (
          <Button
            key={link.slug}
            component={Link}
            to={`/podcasts/outros/${link.slug}`}
            size="xs"
            variant={label === link.label ? 'filled' : 'default'}
          >
            {link.label}
          </Button>
        ))}
      </Group>
      {slug && !label ? (
        <NotFoundView
          message={NO_OTHER_PODCAST_TEXT}
          backTo="/podcasts"
          backLabel="Voltar para os podcasts"
        />
      ) : (
        <EmptyState
          icon={IconHeadphones}
          title="Episódios em breve"
          description="Boletins, giros de notícias e o arquivo musical da rádio vão aparecer aqui."
          links={[{ label: 'Todos os podcasts', to: '/podcasts' }]}
        />
      )}
    </PageFrame>
  );
}
