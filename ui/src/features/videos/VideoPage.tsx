import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { playlistsQueryOptions, videoByTitleQueryOptions } from './api/videos-api';
import { FeaturedVideo, PlaylistCarousel, VideoAdBanner } from './VideoParts';
import { VIDEOS_ERROR_TEXT } from './VideosPage';

export const VIDEO_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE VÍDEO :(';

/** /videos/{videoTitle} (doc2 §2 Videos, C06, VD-02): that video featured, or the not-found view. */
export function VideoPage() {
  const { title = '' } = useParams();
  const video = useQuery(videoByTitleQueryOptions(title));
  const playlists = useQuery(playlistsQueryOptions());
  const crumbs = [{ label: 'Vídeos', to: '/videos' }];
  if (video.isError && video.error instanceof ApiError && video.error.status === 404) {
    return (
      <PageFrame title="Vídeo não encontrado" breadcrumbs={crumbs}>
        <NotFoundView
          message={VIDEO_NOT_FOUND_TEXT}
          backTo="/videos"
          backLabel="Voltar para os vídeos"
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={video.data?.title ?? 'Vídeos'} breadcrumbs={crumbs}>
      <Stack gap="xl">
        {video.isPending ? (
          <Skeleton h={360} />
        ) : video.isError ? (
          <Alert color="red" role="alert">
            {VIDEOS_ERROR_TEXT}
          </Alert>
        ) : (
          <FeaturedVideo video={video.data} />
        )}
        <VideoAdBanner />
        {playlists.data?.map((playlist) => (
          <PlaylistCarousel key={playlist.id} playlist={playlist} />
        ))}
      </Stack>
    </PageFrame>
  );
}
