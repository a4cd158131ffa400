import { ActionIcon, Alert, Anchor, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { usePlayer, usePlayerMachine } from '@/features/player/hooks';
import type { QueueItem } from '@/features/player/player-machine';
import type { ArtistTopSong } from '@/generated/ArtistTopSong';
import {
  ARTIST_NOT_FOUND_TEXT,
  ARTIST_NO_BIOGRAPHY,
  ARTIST_TOP_SONGS_DELAY_MS,
  artistMusicLink,
} from './artists';
import { artistQueryOptions } from './api/get-artist';
import { artistTopSongsQueryOptions } from './api/get-artist-top-songs';

function TopSongs({ songs }: { songs: ArtistTopSong[] }) {
  const player = usePlayerMachine();
  const snapshot = usePlayer();
  const queue: QueueItem[] = songs.map((song) => ({
    id: `preview-${song.musicId}`,
    src: song.previewUrl,
    title: song.trackName,
    artist: song.artistName,
    album: song.collectionName,
    cover: song.cover,
  }));
  const current = snapshot.queue ? snapshot.queue.items[snapshot.queue.index] : undefined;
  return (
    <Stack gap="xs" data-testid="artist-top-songs">
      {songs.map((song, index) => {
        const playing = current?.id === queue[index]?.id && snapshot.status === 'playing';
        return (
          <Group key={song.musicId} wrap="nowrap" data-testid="artist-top-song">
            <ActionIcon
              size="lg"
              radius="xl"
              aria-label={`${playing ? 'Pausar' : 'Tocar'} prévia de ${song.trackName}`}
              onClick={() => (playing ? player.pause() : player.playQueue(queue, index))}
            >
              {playing ? (
                <IconPlayerPause size={18} aria-hidden />
              ) : (
                <IconPlayerPlay size={18} aria-hidden />
              )}
            </ActionIcon>
            <Image src={song.cover} alt="" w={48} h={48} radius="sm" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={`/musicas/${song.musicSlug}+${song.artistSlug}`}
                fw={700}
                lineClamp={1}
              >
                {song.trackName}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {song.collectionName}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

/** /artistas/{slug} (AR-03, AR-04): name, banner, biography, music link, top 3 previews fetched after 1 s. */
export function ArtistPage() {
  const { slug = '' } = useParams();
  // AR-03: the top songs are asked for about 1 s after the page opens.
  const [readySlug, setReadySlug] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setReadySlug(slug), ARTIST_TOP_SONGS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug]);
  const topReady = readySlug === slug;
  const artist = useQuery(artistQueryOptions(slug));
  const top = useQuery({
    ...artistTopSongsQueryOptions(slug),
    enabled: topReady && artist.isSuccess,
  });
  useEffect(() => {
    // A failure of the top songs is only logged (doc2 §8).
    if (top.error) console.warn('artist top songs', top.error);
  }, [top.error]);

  if (artist.isPending) {
    return (
      <PageFrame title="Artistas">
        <Loader aria-label="Carregando artista" />
      </PageFrame>
    );
  }
  if (artist.isError) {
    const notFound = artist.error instanceof ApiError && artist.error.code === 404;
    return (
      <PageFrame title="Artista não encontrado" noindex={notFound}>
        {notFound ? (
          <NotFoundView
            message={ARTIST_NOT_FOUND_TEXT}
            backTo="/artistas"
            backLabel="Ver todos os artistas"
          />
        ) : (
          <Alert color="red">Não foi possível carregar o artista.</Alert>
        )}
      </PageFrame>
    );
  }
  const data = artist.data;
  return (
    <PageFrame title={data.artistName} breadcrumbs={[{ label: 'Artistas', to: '/artistas' }]}>
      <Image
        src={data.imageOld}
        alt=""
        radius="md"
        mah={280}
        fit="cover"
        data-testid="artist-banner"
        mb="lg"
      />
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack style={{ flex: '2 1 320px' }}>
          <Title order={2} size="h4">
            Biografia
          </Title>
          {data.biography ? (
            <div
              data-testid="artist-biography"
              dangerouslySetInnerHTML={{ __html: data.biography }}
            />
          ) : (
            <Text data-testid="artist-biography">{ARTIST_NO_BIOGRAPHY}</Text>
          )}
          <Anchor
            component={Link}
            to={artistMusicLink(data.artistName)}
            data-testid="artist-music-link"
          >
            Ver músicas de {data.artistName}
          </Anchor>
        </Stack>
        <Stack style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4">
            Mais tocadas
          </Title>
          {top.data ? (
            <TopSongs songs={top.data} />
          ) : (
            !top.isError && <Loader size="sm" aria-label="Carregando músicas" />
          )}
        </Stack>
      </Group>
    </PageFrame>
  );
}
