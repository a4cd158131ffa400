import {
  Alert,
  Anchor,
  AspectRatio,
  Button,
  Grid,
  Group,
  Image,
  Loader,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError, resolveApiPath } from '@/lib/api';
import { useSessionStatus } from '@/lib/session';
import { toast } from '@/lib/toast';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { usePlayer, usePlayerMachine } from '@/features/player/hooks';
import type { Music } from '@/generated/Music';
import {
  MUSIC_LOGIN_TO_DOWNLOAD,
  MUSIC_NOT_FOUND_TEXT,
  MUSIC_NO_LYRICS,
  MUSIC_NO_TRANSLATION,
} from './music';
import { singleMusicQueryOptions } from './api/get-single-music';

function ContactNote({ text }: { text: string }) {
  return (
    <Stack gap={4}>
      <Text fw={700}>{text}</Text>
      <Text size="sm">
        Conhece essa música?{' '}
        <Anchor component={Link} to="/contato">
          Envie para nós
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function PlayButton({ music }: { music: Music }) {
  const player = usePlayerMachine();
  const snapshot = usePlayer();
  const id = `music-${music.musicId}`;
  const queue = snapshot.queue;
  const current = queue ? queue.items[queue.index] : undefined;
  const mine = current?.id === id;
  const playing = mine && snapshot.status === 'playing';
  const loading = mine && snapshot.status === 'loading';
  if (!music.musicTrack) {
    return (
      <Button disabled leftSection={<IconPlayerPlay size={16} aria-hidden />}>
        Indisponível
      </Button>
    );
  }
  return (
    <Button
      loading={loading}
      leftSection={
        playing ? (
          <IconPlayerPause size={16} aria-hidden />
        ) : (
          <IconPlayerPlay size={16} aria-hidden />
        )
      }
      onClick={() => {
        if (playing) player.pause();
        else
          player.playQueue([
            {
              id,
              src: music.musicTrack,
              title: music.musicName,
              artist: music.artistName,
              album: music.albumName,
              cover: music.itunesCover,
            },
          ]);
      }}
    >
      {playing ? 'Pausar' : 'Tocar'}
    </Button>
  );
}

/** /musicas/{musicSlug}+{artistSlug} (C08, MU-05..MU-07): cover, lyrics, translation, video, play, download. */
export function MusicPage({ musicSlug, artistSlug }: { musicSlug: string; artistSlug: string }) {
  const status = useSessionStatus();
  const query = useQuery(singleMusicQueryOptions(musicSlug, artistSlug));
  if (query.isPending) {
    return (
      <PageFrame title="Músicas">
        <Loader aria-label="Carregando música" />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 404;
    return (
      <PageFrame title="Música não encontrada" noindex={notFound}>
        {notFound ? (
          <NotFoundView
            message={MUSIC_NOT_FOUND_TEXT}
            backTo="/musicas"
            backLabel="Ver todas as músicas"
          />
        ) : (
          <Alert color="red">Não foi possível carregar a música.</Alert>
        )}
      </PageFrame>
    );
  }
  const music = query.data;
  const download = () => {
    if (status !== 'authenticated') {
      toast.error(MUSIC_LOGIN_TO_DOWNLOAD);
      openLoginModal('login');
      return;
    }
    window.location.assign(
      resolveApiPath(`downloads/music/${music.musicSlug}+${music.artistSlug}`),
    );
  };
  const video = music.musicVideoYoutubeId || music.lyricsVideoYoutubeId;
  return (
    <PageFrame
      title={`${music.musicName} - ${music.artistName}`}
      heading={music.musicName}
      breadcrumbs={[{ label: 'Músicas', to: '/musicas' }]}
    >
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Image src={music.albumCover} alt={`Capa de ${music.albumName}`} radius="md" />
          <Stack gap="xs" mt="sm">
            <Anchor component={Link} to={`/artistas/${music.artistSlug}`} fw={700}>
              {music.artistName}
            </Anchor>
            <Text size="sm" c="dimmed">
              {music.albumName} ({music.albumRelease})
            </Text>
            <Group>
              <PlayButton music={music} />
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={download}
                disabled={!music.musicTrack}
              >
                Download
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Tabs defaultValue="letra">
            <Tabs.List>
              <Tabs.Tab value="letra">Letra</Tabs.Tab>
              <Tabs.Tab value="traducao">Tradução</Tabs.Tab>
              <Tabs.Tab value="video">Vídeo</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="letra" pt="md">
              {music.musicLyrics ? (
                <div
                  data-testid="music-lyrics"
                  dangerouslySetInnerHTML={{ __html: music.musicLyrics }}
                />
              ) : (
                <ContactNote text={MUSIC_NO_LYRICS} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="traducao" pt="md">
              {music.musicTranslation ? (
                <div
                  data-testid="music-translation"
                  dangerouslySetInnerHTML={{ __html: music.musicTranslation }}
                />
              ) : (
                <ContactNote text={MUSIC_NO_TRANSLATION} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="video" pt="md">
              {video ? (
                <AspectRatio ratio={16 / 9}>
                  <iframe
                    src={`https://www.youtube-nocookie.com/embed/${video}`}
                    title={`Vídeo de ${music.musicName}`}
                    allowFullScreen
                  />
                </AspectRatio>
              ) : (
                <ContactNote text="Vídeo não disponivel" />
              )}
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
