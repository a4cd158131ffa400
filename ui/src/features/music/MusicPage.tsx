import { IconMusic } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { humanizeSlug } from '@/lib/text';

/** /musicas/{musicSlug}+{artistSlug} (doc2 §2 Music, C08); the route checks the slug's shape. */
export function MusicPage({ musicSlug, artistSlug }: { musicSlug: string; artistSlug: string }) {
  const song = humanizeSlug(musicSlug);
  const artist = humanizeSlug(artistSlug);
  return (
    <PageFrame
      title={`${song} - ${artist}`}
      heading={song}
      description={artist}
      breadcrumbs={[{ label: 'Músicas', to: '/musicas' }]}
    >
      <EmptyState
        icon={IconMusic}
        title="Letra e detalhes em breve"
        description="A letra, a tradução, o vídeo e o player desta música vão aparecer aqui."
        links={[
          { label: 'Todas as músicas', to: '/musicas' },
          { label: 'As 10 mais', to: '/as-10-mais' },
        ]}
      />
    </PageFrame>
  );
}
