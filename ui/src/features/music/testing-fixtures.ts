import type { Music } from '@/generated/Music';

export function makeMusic(id: number, overrides: Partial<Music> = {}): Music {
  return {
    musicId: id,
    musicName: `Canção ${id}`,
    musicSlug: `cancao-${id}`,
    musicTrack: `/media/audio/previews/cancao-${id}+banda.mp3`,
    hasLyrics: true,
    hasTranslation: false,
    hasVideo: false,
    musicVideoYoutubeId: '',
    musicVideoFileName: '',
    lyricsVideoYoutubeId: '',
    lyricsVideoFileName: '',
    albumName: 'Álbum',
    albumCover: '/media/img/album/a.svg',
    albumCoverSlug: 'a',
    albumRelease: 2001,
    itunesCover: '/media/img/album-small/a.svg',
    iTunesLink: 'https://music.apple.com/br/search?term=x',
    artistName: 'Banda',
    artistSlug: 'banda',
    ...overrides,
  };
}

export function musicRange(first: number, count: number): Music[] {
  return Array.from({ length: count }, (_, index) => makeMusic(first + index));
}
