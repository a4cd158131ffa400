import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_PLAYING_FIRST_MS } from '@/lib/constants';
import { mockApi, TEST_APP_PARAMETERS, TEST_STATION } from '@/test/api-mock';
import { act, render, screen, waitFor, within } from '@/test/render';
import { PlayerHost } from '../PlayerHost';
import { nowPlaying } from '../testing/fixtures';
import { freshPlayer, liveApi, ON_AIR, useLiveTimers } from '../testing/player-test-utils';
import { NowPlayingWidget } from './NowPlayingWidget';

beforeEach(() => {
  freshPlayer();
  useLiveTimers();
});

async function renderWidget() {
  render(
    <>
      <PlayerHost />
      <NowPlayingWidget />
    </>,
  );
  await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
  return screen.getByTestId('now-playing-widget');
}

/** The station's jingle between songs, as the autoDJ announces it. */
const JINGLE = nowPlaying({
  metaType: 'commercial',
  song: TEST_STATION.name,
  artist: '',
  cover: { '1000': '/media/logo.svg', '150': '/media/logo.svg' },
});

describe('NowPlayingWidget', () => {
  it('a song: its cover 150, the song and the artist', async () => {
    mockApi(liveApi());
    const widget = await renderWidget();
    await waitFor(() => expect(widget).toHaveTextContent(ON_AIR.song));
    expect(widget).toHaveTextContent(ON_AIR.artist);
    expect(widget.querySelector('img')).toHaveAttribute('src', '/media/covers/evidencias-150.jpg');
    expect(widget.querySelector('img')).not.toHaveAttribute('data-logo');
  });

  it("between songs: the station's logo (the header's) and 'Intervalo', not the stream's name", async () => {
    mockApi({
      ...liveApi({ onAir: JINGLE }),
      '/api/v1/getAppParameters': {
        ...TEST_APP_PARAMETERS,
        logo: { url: '/media/marca.svg', alt: TEST_STATION.name },
      },
    });
    const widget = await renderWidget();
    await waitFor(() => expect(widget).toHaveTextContent('Intervalo'));
    expect(widget).toHaveAccessibleName(`Tocando agora: ${TEST_STATION.name} – Intervalo`);
    expect(within(widget).queryByText('Normal')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(widget.querySelector('img')).toHaveAttribute('src', '/media/marca.svg'),
    );
    expect(widget.querySelector('img')).toHaveAttribute('data-logo', 'true');
  });

  it("a live show's name (no artist): the show and 'A programação ao vivo'", async () => {
    mockApi(
      liveApi({
        onAir: nowPlaying({
          song: 'Manhã da Onda',
          artist: '',
          artistSlug: '',
          musicSlug: '',
          cover: { '1000': '/media/programas/manha.jpg', '150': '/media/programas/manha.jpg' },
        }),
      }),
    );
    const widget = await renderWidget();
    await waitFor(() =>
      expect(widget).toHaveAccessibleName('Tocando agora: Manhã da Onda – A programação ao vivo'),
    );
  });

  it('nothing known on air: the station and its programme, with the logo', async () => {
    mockApi({ ...liveApi(), [`/api/v1/aovivo/getCurrentSongInfo/${ON_AIR.metaId}`]: null });
    const widget = await renderWidget();
    await waitFor(() =>
      expect(widget).toHaveAccessibleName(
        `Tocando agora: ${TEST_STATION.name} – A programação ao vivo`,
      ),
    );
    await waitFor(() =>
      expect(widget.querySelector('img')).toHaveAttribute('src', TEST_APP_PARAMETERS.logo.url),
    );
  });
});
