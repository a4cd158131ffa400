import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { featuredVideoQueryOptions, playlistsQueryOptions } from './api/videos-api';
import { FeaturedVideo, PlaylistCarousel, VideoAdBanner } from './VideoParts';

export const VIDEOS_ERROR_TEXT = 'Não foi possível carregar os vídeos. Tente de novo mais tarde.';

/**
 * /videos (doc2 §2 Videos, VD-01): the featured video with share and subscribe buttons, the ad
 * banner (not for PRO users) and one carousel per playlist.
 */
export function VideosPage() {
  const featured = useQuery(featuredVideoQueryOptions());
  const playlists = useQuery(playlistsQueryOptions());
  return (
    <PageFrame title="Vídeos" description="Clipes, bastidores e entrevistas em vídeo.">
      <Stack gap="xl">
        {featured.isPending ? (
          <Skeleton h={360} />
        ) : featured.isError ? (
          <Alert color="red" role="alert">
            {VIDEOS_ERROR_TEXT}
          </Alert>
        ) : (
          featured.data[0] && <FeaturedVideo video={featured.data[0]} />
        )}
        <VideoAdBanner />
        {playlists.isPending ? (
          <Skeleton h={220} />
        ) : (
          playlists.data?.map((playlist) => (
            <PlaylistCarousel key={playlist.id} playlist={playlist} />
          ))
        )}
      </Stack>
    </PageFrame>
  );
}
