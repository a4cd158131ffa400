/** Test data shaped like the server's replies (station 'teste', main stream 'teste_1'). */
import type { NowPlaying } from '@/generated/NowPlaying';
import type { Stream } from '@/generated/Stream';

export const MAIN = 'teste_1';

function stream(partial: Partial<Stream> & Pick<Stream, 'streamId' | 'streamName'>): Stream {
  return {
    metaId: partial.streamId,
    imageUrl: '',
    color: '#ff5f1f',
    description: '',
    semiPro: false,
    pro: false,
    isPopup: false,
    popupUrl: '',
    popupId: '',
    popupConfig: '',
    dolby: false,
    sources: [],
    ...partial,
  };
}

export const MAIN_STREAM = stream({
  streamId: MAIN,
  streamName: 'Normal',
  description: 'A programação ao vivo',
  sources: [
    { src: `/stream/${MAIN}.aac`, type: 'audio/aac', codec: 'AAC-HE' },
    { src: `/stream/${MAIN}.aacp`, type: 'audio/aacp', codec: 'AAC+' },
    { src: `/stream/${MAIN}.mp3`, type: 'audio/mpeg', codec: 'MP3' },
  ],
});

export const DOLBY_STREAM = stream({
  streamId: `${MAIN}_dolby_atmos`,
  streamName: 'Dolby Atmos',
  metaId: MAIN,
  dolby: true,
  sources: [
    {
      src: `/stream/${MAIN}_dolby_atmos.m3u8`,
      type: 'application/vnd.apple.mpegurl',
      codec: 'Dolby Atmos',
    },
  ],
});

export const SEMI_STREAM = stream({
  streamId: 'teste_2',
  streamName: 'Flashback',
  semiPro: true,
  color: '#1c7ed6',
});

export const PRO_STREAM = stream({
  streamId: 'teste_pro',
  streamName: 'Sem intervalos',
  pro: true,
  color: '#c2185b',
});

export const POPUP_STREAM = stream({
  streamId: 'teste_popup',
  streamName: 'Festival',
  isPopup: true,
  popupUrl: 'https://festival.example/player',
  popupId: 'festival',
  popupConfig: 'width=420,height=680',
});

/** getAvailableStreams: everything listed, semiPro/pro without sources (S05). */
export const PUBLIC_STREAMS: Stream[] = [
  MAIN_STREAM,
  DOLBY_STREAM,
  SEMI_STREAM,
  PRO_STREAM,
  POPUP_STREAM,
];

export function withSources(item: Stream): Stream {
  return {
    ...item,
    sources: [{ src: `/stream/${item.streamId}.mp3`, type: 'audio/mpeg', codec: 'MP3' }],
  };
}

/** getAvailableProStreams for a logged-in non-PRO user. */
export const LOGGED_IN_STREAMS: Stream[] = [
  MAIN_STREAM,
  DOLBY_STREAM,
  withSources(SEMI_STREAM),
  PRO_STREAM,
  POPUP_STREAM,
];

/** getAvailableProStreams for a PRO user. */
export const PRO_USER_STREAMS: Stream[] = [
  MAIN_STREAM,
  DOLBY_STREAM,
  withSources(SEMI_STREAM),
  withSources(PRO_STREAM),
  POPUP_STREAM,
];

/** A built-in channel's HLS source for timeshift: `sources`' last entry, codec 'HLS'. */
export function withTimeshift(item: Stream, src = `/hls/${item.streamId}.m3u8`): Stream {
  return {
    ...item,
    sources: [...item.sources, { src, type: 'application/vnd.apple.mpegurl', codec: 'HLS' }],
  };
}

/** The main stream with its HLS source, first in the public list. */
export const TIMESHIFT_STREAM = withTimeshift(MAIN_STREAM);
export const TIMESHIFT_STREAMS: Stream[] = [TIMESHIFT_STREAM, ...PUBLIC_STREAMS.slice(1)];

let counter = 0;

export function nowPlaying(partial: Partial<NowPlaying> = {}): NowPlaying {
  counter += 1;
  return {
    metaId: MAIN,
    song: `Canção ${counter}`,
    artist: 'Banda Teste',
    artistSlug: 'banda-teste',
    musicSlug: `cancao-${counter}`,
    album: 'Álbum',
    year: 2024,
    cover: {
      '1000': `/media/covers/${counter}-1000.jpg`,
      '150': `/media/covers/${counter}-150.jpg`,
    },
    time: `2026-11-22T10:${String(counter % 60).padStart(2, '0')}:00-03:00`,
    metaType: 'music',
    startedAtMs: Date.now(),
    durationMs: 200_000,
    ...partial,
  };
}
