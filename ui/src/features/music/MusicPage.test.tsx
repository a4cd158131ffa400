import { afterEach, describe, expect, it } from 'vitest';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import { errorReply, mockApi } from '@/test/api-mock';
import { renderRoute, screen, userEvent, within } from '@/test/render';
import { MUSIC_LOGIN_TO_DOWNLOAD, MUSIC_NO_LYRICS, MUSIC_NO_TRANSLATION } from './music';
import { makeMusic } from './testing-fixtures';

afterEach(() => resetLoginModal());

describe('/musicas/{musicSlug}+{artistSlug}', () => {
  it('C08: the API is asked artist first; lyrics and the artist link show', async () => {
    const fetchMock = mockApi({
      '/api/v1/getSingleMusicData/banda/cancao-1': makeMusic(1, {
        musicLyrics: '<p>La la la</p>',
        musicTranslation: '',
      }),
    });
    renderRoute('/musicas/cancao-1+banda');
    expect(await screen.findByTestId('music-lyrics')).toHaveTextContent('La la la');
    expect(screen.getByRole('link', { name: 'Banda' })).toHaveAttribute('href', '/artistas/banda');
    expect(
      fetchMock.mock.calls.some(([url]) =>
        String(url).includes('getSingleMusicData/banda/cancao-1'),
      ),
    ).toBe(true);
  });

  it('MU-06: no lyrics or translation texts, and no playable button without a track', async () => {
    mockApi({
      '/api/v1/getSingleMusicData/banda/cancao-2': makeMusic(2, {
        musicTrack: '',
        musicLyrics: '',
        musicTranslation: '',
        hasLyrics: false,
      }),
    });
    renderRoute('/musicas/cancao-2+banda');
    expect(await screen.findByText(MUSIC_NO_LYRICS)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tradução' }));
    expect(await screen.findByText(MUSIC_NO_TRANSLATION)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Indisponível/ })).toBeDisabled();
  });

  it('MU-07: an anonymous download shows the login text and opens the login modal', async () => {
    mockApi({
      '/api/v1/getSingleMusicData/banda/cancao-3': makeMusic(3, {
        musicLyrics: '',
        musicTranslation: '',
      }),
    });
    renderRoute('/musicas/cancao-3+banda');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Download/ }));
    expect(await screen.findByText(MUSIC_LOGIN_TO_DOWNLOAD)).toBeInTheDocument();
    expect(getLoginModalState().opened).toBe(true);
  });

  it('MU-05: an unknown pair and a slug without + are not-found views', async () => {
    mockApi({ '/api/v1/getSingleMusicData/ninguem/nada': errorReply(404, 'music not found') });
    const first = renderRoute('/musicas/nada+ninguem');
    const view = await screen.findByTestId('not-found-view');
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/musicas');
    first.unmount();
    renderRoute('/musicas/sem-mais');
    expect(await screen.findByText(/Página não encontrada/i)).toBeInTheDocument();
  });
});
