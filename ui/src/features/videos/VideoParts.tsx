import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '@/lib/router';
import { ShareButtons } from '@/features/news/ShareButtons';
import type { Video } from '@/generated/Video';
import type { VideoPlaylist } from '@/generated/VideoPlaylist';
import { useSession } from '@/lib/session';
import { playlistVideosQueryOptions } from './api/videos-api';
import classes from './Videos.module.css';

/** VIDEO_CAROUSEL_AUTOPLAY (doc2 §9). */
const CAROUSEL_AUTOPLAY_MS = 3000;
const SUBSCRIBE_URL = 'https://www.youtube.com/';

function embedUrl(videoId: string, autoplay = false): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}${autoplay ? '?autoplay=1' : ''}`;
}

/** The lead video with its title, share and subscribe buttons (VD-01). */
export function FeaturedVideo({ video }: { video: Video }) {
  const url = typeof window === 'undefined' ? '' : `${window.location.origin}/videos/${video.slug}`;
  return (
    <Stack gap="sm" data-testid="featured-video">
      <div className={classes.frame}>
        <iframe
          src={embedUrl(video.videoId)}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
      <Title order={2} size="h3">
        {video.title}
      </Title>
      {video.description && <Text c="dimmed">{video.description}</Text>}
      <Group justify="space-between">
        <ShareButtons url={url} text={video.title} />
        <Button
          component="a"
          href={SUBSCRIBE_URL}
          target="_blank"
          rel="noopener noreferrer"
          color="red"
          leftSection={<IconBrandYoutube size={18} aria-hidden />}
        >
          Inscreva-se
        </Button>
      </Group>
    </Stack>
  );
}

/** One playlist as a carousel: 1 slide, 2 from 576 px, 3 from 993 px, advancing every 3 s. */
export function PlaylistCarousel({ playlist }: { playlist: VideoPlaylist }) {
  const videos = useQuery(playlistVideosQueryOptions(playlist.id));
  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = track.current;
    if (!node || !videos.data?.length) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce) return;
    let paused = false;
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    node.addEventListener('mouseenter', pause);
    node.addEventListener('mouseleave', resume);
    node.addEventListener('focusin', pause);
    node.addEventListener('focusout', resume);
    const timer = window.setInterval(() => {
      if (paused || typeof node.scrollBy !== 'function') return;
      const atEnd = node.scrollLeft + node.clientWidth >= node.scrollWidth - 4;
      if (atEnd) node.scrollTo({ left: 0, behavior: 'smooth' });
      else node.scrollBy({ left: node.clientWidth / 2, behavior: 'smooth' });
    }, CAROUSEL_AUTOPLAY_MS);
    return () => {
      window.clearInterval(timer);
      node.removeEventListener('mouseenter', pause);
      node.removeEventListener('mouseleave', resume);
      node.removeEventListener('focusin', pause);
      node.removeEventListener('focusout', resume);
    };
  }, [videos.data]);

  return (
    <section aria-label={playlist.snippet.title} data-testid="playlist-carousel">
      <Title order={2} size="h3" mb="sm">
        {playlist.snippet.title}
      </Title>
      {videos.isPending ? (
        <Skeleton h={180} />
      ) : videos.isError ? (
        <Text c="dimmed">Não foi possível carregar os vídeos desta playlist.</Text>
      ) : (
        <div className={classes.carousel} ref={track}>
          {videos.data.map((video) => (
            <Link key={video.slug} to={`/videos/${video.slug}`} className={classes.slide}>
              <img src={video.videoImage} alt="" loading="lazy" />
              <Text fw={600} mt={6} lineClamp={2}>
                {video.title}
              </Text>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

/** The ad banner of /videos; PRO users see no ad banners (doc2 §1, VD-01). */
export function VideoAdBanner() {
  const session = useSession();
  if (session?.user.isPro) return null;
  return (
    <aside className={classes.ad} aria-label="Publicidade" data-testid="ad-banner">
      <Text size="sm" c="dimmed">
        Publicidade ·{' '}
        <Anchor component={Link} to="/anuncie-conosco">
          Anuncie aqui
        </Anchor>
      </Text>
    </aside>
  );
}
