import { afterEach, describe, expect, it } from 'vitest';
import type { Video } from '@/generated/Video';
import { TvPage } from '@/features/tv/TvPage';
import { resetSession, setSession } from '@/lib/session';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { VIDEO_NOT_FOUND_TEXT } from './VideoPage';
import { VideosPage } from './VideosPage';

function video(n: number, playlistId = 'PL1'): Video {
  return {
    videoId: `vid${n}`,
    videoImage: `/media/img/video/v${n}.svg`,
    title: `Vídeo ${n}`,
    slug: `video-${n}`,
    description: 'Descrição',
    date: '2026-11-20T10:00:00-03:00',
    playlistId,
  };
}

const API = {
  '/api/v1/videos/getYoutubeLatestVideos/1': [video(1)],
  '/api/v1/videos/getYoutubePlaylists': [
    { id: 'PL1', snippet: { title: 'Letra e Tradução', description: '' } },
    { id: 'PL2', snippet: { title: 'Ao vivo no estúdio', description: '' } },
  ],
  '/api/v1/videos/getYoutubePlaylists/PL1': [video(1), video(2)],
  '/api/v1/videos/getYoutubePlaylists/PL2': [video(3, 'PL2')],
};

afterEach(() => resetSession());

describe('/videos', () => {
  it('featured video, playlist carousels, share and subscribe buttons and an ad banner (VD-01)', async () => {
    mockApi(API);
    render(<VideosPage />);
    const featured = await screen.findByTestId('featured-video');
    expect(within(featured).getByTitle('Vídeo 1')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/vid1',
    );
    expect(within(featured).getByTestId('share-buttons')).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: /Inscreva-se/ })).toBeInTheDocument();
    expect(screen.getByTestId('ad-banner')).toHaveTextContent('Publicidade');
    await waitFor(() => expect(screen.getAllByTestId('playlist-carousel')).toHaveLength(2));
    const first = screen.getByRole('region', { name: 'Letra e Tradução' });
    await waitFor(() =>
      expect(
        within(first)
          .getAllByRole('link')
          .map((l) => l.getAttribute('href')),
      ).toEqual(['/videos/video-1', '/videos/video-2']),
    );
  });

  it('a PRO user sees no ad banner (VD-01)', async () => {
    setSession({ user: { userId: 1, name: 'Pro', email: 'p@x.br', isPro: true }, token: 't' });
    mockApi(API);
    render(<VideosPage />);
    await screen.findByTestId('featured-video');
    expect(screen.queryByTestId('ad-banner')).not.toBeInTheDocument();
  });

  it('an unknown video shows the not-found text with a link to /videos (VD-02)', async () => {
    mockApi({
      ...API,
      '/api/v1/videos/getYoutubeVideoByTitle/nao-existe': errorReply(404, 'video not found'),
    });
    renderRoute('/videos/nao-existe');
    const view = await screen.findByTestId('not-found-view');
    expect(view).toHaveTextContent(VIDEO_NOT_FOUND_TEXT);
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/videos');
  });

  it('/videos/{videoTitle} features that video', async () => {
    mockApi({ ...API, '/api/v1/videos/getYoutubeVideoByTitle/video-3': video(3, 'PL2') });
    renderRoute('/videos/video-3');
    const featured = await screen.findByTestId('featured-video');
    expect(within(featured).getByTitle('Vídeo 3')).toBeInTheDocument();
  });
});

describe('/tv', () => {
  it('two tabs switch one autoplay embed 650 px high (VD-03)', async () => {
    mockApi({
      '/api/v1/videos/getTvChannels': [
        {
          label: 'Onda FM TV',
          embedUrl: 'https://www.youtube-nocookie.com/embed/videoseries?list=A&autoplay=1',
        },
        {
          label: 'Letra e Tradução',
          embedUrl: 'https://www.youtube-nocookie.com/embed/videoseries?list=B&autoplay=1',
        },
      ],
    });
    render(<TvPage />);
    const tab = await screen.findByRole('tab', { name: 'Onda FM TV' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    let embeds = screen.getAllByTestId('tv-embed');
    expect(embeds).toHaveLength(1);
    expect(embeds[0]).toHaveAttribute('height', '650');
    expect(embeds[0]?.getAttribute('src')).toContain('list=A&autoplay=1');
    await userEvent.click(screen.getByRole('tab', { name: 'Letra e Tradução' }));
    embeds = screen.getAllByTestId('tv-embed');
    expect(embeds).toHaveLength(1);
    expect(embeds[0]?.getAttribute('src')).toContain('list=B&autoplay=1');
  });
});
