import { describe, expect, it } from 'vitest';
import type { ArtistEntry } from '@/generated/ArtistEntry';
import { errorReply, mockApi, rawReply } from '@/test/api-mock';
import { fireEvent, renderRoute, screen, within } from '@/test/render';
import { ARTIST_NOT_FOUND_SEARCH, ARTIST_TOP_SONGS_DELAY_MS, searchArtists } from './artists';

const entry = (Id: number, Nam: string, Ver = true): ArtistEntry => ({
  Id,
  Nam,
  Url: Nam.toLowerCase().replace(/\s+/g, '-'),
  Img: '',
  Ver,
});
const artists = [
  entry(1, 'Beat Boys'),
  entry(2, 'The Upbeats', false),
  entry(3, 'Caetano'),
  entry(4, 'beatriz'),
];

describe('searchArtists', () => {
  it('AR-01: case-insensitive substring of the name', () => {
    expect(searchArtists(artists, 'BEAT').map((a) => a.Nam)).toEqual([
      'Beat Boys',
      'The Upbeats',
      'beatriz',
    ]);
    expect(searchArtists(artists, '  ')).toEqual([]);
  });
});

describe('/artistas', () => {
  it("AR-01/AR-02: 'BEAT' fills the result slider; no match shows the spec's text", async () => {
    mockApi({ '/api/v1/getArtists/': artists, '/api/v1/artists/getAlbumsDoMomento/20': [] });
    renderRoute('/artistas');
    await screen.findAllByTestId('artist-card');
    const [input = document.body] = screen.getAllByLabelText('Buscar artista');
    fireEvent.change(input, { target: { value: 'BEAT' } });
    const results = await screen.findByTestId('artist-results');
    expect(
      within(results)
        .getAllByTestId('artist-card')
        .map((c) => c.textContent),
    ).toEqual(['Beat Boys', 'The Upbeats', 'beatriz']);
    fireEvent.change(input, { target: { value: 'xyz' } });
    expect(await screen.findByText(ARTIST_NOT_FOUND_SEARCH)).toBeInTheDocument();
  });
});

describe('/artistas/{slug}', () => {
  const artist = {
    id: 1,
    artistName: 'Beat Boys',
    slug: 'beat-boys',
    biography: '',
    imageNew: '/i.svg',
    imageOld: '/b.svg',
  };
  const top = [1, 2, 3].map((n) => ({
    musicId: n,
    trackName: `Faixa ${n}`,
    previewUrl: `/media/audio/previews/faixa-${n}+beat-boys.mp3`,
    collectionName: 'Disco',
    cover: '/c.svg',
    trackViewUrl: 'https://example.com',
    musicSlug: `faixa-${n}`,
    artistName: 'Beat Boys',
    artistSlug: 'beat-boys',
  }));

  it('AR-03: name, banner, no-biography text, music link, top 3 requested ~1 s after opening', async () => {
    let topAt = 0;
    mockApi({
      '/api/v1/getSingleArtist/beat-boys': artist,
      '/api/v1/artists/getArtistsTopSongs/beat-boys/3': rawReply(() => {
        topAt = Date.now();
        return new Response(JSON.stringify({ status: 'success', message: 'success', data: top }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    });
    const openedAt = Date.now();
    renderRoute('/artistas/beat-boys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beat Boys' })).toBeInTheDocument();
    expect(screen.getByTestId('artist-banner')).toHaveAttribute('src', '/b.svg');
    expect(screen.getByTestId('artist-biography')).toHaveTextContent(
      'Ainda não temos uma biografia',
    );
    expect(screen.getByTestId('artist-music-link')).toHaveAttribute(
      'href',
      '/musicas?letra=false&traducao=false&video=false&busca=Beat%20Boys',
    );
    expect(await screen.findAllByTestId('artist-top-song', {}, { timeout: 5000 })).toHaveLength(3);
    // Requested once the page has been open for the delay, not at once.
    expect(topAt - openedAt).toBeGreaterThanOrEqual(ARTIST_TOP_SONGS_DELAY_MS);
    expect(screen.getByRole('button', { name: 'Tocar prévia de Faixa 1' })).toBeInTheDocument();
  });

  it('AR-04: an unknown artist is a 404 view linking back to /artistas', async () => {
    mockApi({ '/api/v1/getSingleArtist/ninguem': errorReply(404, 'artist not found') });
    renderRoute('/artistas/ninguem');
    const view = await screen.findByTestId('not-found-view');
    expect(within(view).getByRole('link')).toHaveAttribute('href', '/artistas');
  });
});
