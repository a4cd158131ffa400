/** Rating (doc1 §4, G06, G60, G61): the hash, the 200-vote storage and the whole vote flow. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RateSongReply } from '@/generated/RateSongReply';
import type { RateSongRequest } from '@/generated/RateSongRequest';
import { ApiError } from '@/lib/api';
import { RATING_TEXT } from './messages';
import {
  findRating,
  musicHash,
  RatingStore,
  readRatings,
  storeRating,
  type RatingDeps,
} from './rating';
import { MAIN, nowPlaying } from './testing/fixtures';

const SONG = {
  song: 'Evidências',
  artist: 'Chitãozinho & Xororó',
  time: '2026-11-22T10:00:00-03:00',
};
/** sha1('Evidências|Chitãozinho & Xororó|2026-11-22T10:00:00-03:00'), UTF-8. */
const SONG_HASH = '248d982182122da0b15cbc85139122824c97aaca';

function setup(overrides: Partial<RatingDeps> = {}) {
  const toasts: string[] = [];
  const deps: RatingDeps = {
    isLoggedIn: () => true,
    openLogin: vi.fn(),
    send: vi.fn(async (request: RateSongRequest): Promise<RateSongReply> => ({
      musicHash: SONG_HASH,
      likes: request.rating === 10 ? 1 : 0,
      dislikes: request.rating === 1 ? 1 : 0,
    })),
    toast: {
      success: (text) => toasts.push(`success: ${text}`),
      info: (text) => toasts.push(`info: ${text}`),
      error: (text) => toasts.push(`error: ${text}`),
    },
    onUnauthorized: vi.fn(),
    refreshNowPlaying: vi.fn(),
    ...overrides,
  };
  const store = new RatingStore(deps, RATING_TEXT);
  return { store, deps, toasts };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('hash and storage (G60)', () => {
  it("is sha1(song + '|' + artist + '|' + time) in hex", async () => {
    expect(await musicHash(SONG.song, SONG.artist, SONG.time)).toBe(SONG_HASH);
  });

  it("keeps {musicHash, rating} under 'ratings', at most 200, the oldest dropped first", () => {
    for (let i = 0; i < 205; i += 1) storeRating(`hash-${i}`, i % 2 ? 10 : 1);
    const stored = readRatings();
    expect(stored).toHaveLength(200);
    expect(stored[0]).toEqual({ musicHash: 'hash-5', rating: 10 });
    expect(stored.at(-1)).toEqual({ musicHash: 'hash-204', rating: 1 });
    expect(findRating('hash-4')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('ratings') ?? '[]')).toHaveLength(200);
  });

  it('a broken stored value reads as no votes', () => {
    window.localStorage.setItem('ratings', '{oops');
    expect(readRatings()).toEqual([]);
    window.localStorage.setItem(
      'ratings',
      JSON.stringify([{ musicHash: 1 }, { musicHash: 'a', rating: 10 }]),
    );
    expect(readRatings()).toEqual([{ musicHash: 'a', rating: 10 }]);
  });
});

describe('the vote', () => {
  it('sends {metaId, song, artist, rating:10}, stores the vote and thanks (RT-04)', async () => {
    const { store, deps, toasts } = setup();
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(store.getSnapshot()).toMatchObject({ hash: SONG_HASH, rating: null, inFlight: false });

    const pending = store.rate(10);
    expect(store.getSnapshot().inFlight).toBe(true);
    expect(await pending).toBe('rated');
    expect(deps.send).toHaveBeenCalledWith({ metaId: MAIN, ...pick(SONG), rating: 10 });
    expect(toasts).toEqual([`success: ${'Seu voto foi registrado com sucesso. Obrigado!'}`]);
    expect(store.getSnapshot()).toMatchObject({ rating: 10, inFlight: false });
    expect(findRating(SONG_HASH)).toBe(10);
  });

  it('dislike sends rating 1', async () => {
    const { store, deps } = setup();
    await store.setItem(nowPlaying(SONG), MAIN);
    await store.rate(1);
    expect(deps.send).toHaveBeenCalledWith(expect.objectContaining({ rating: 1 }));
  });

  it('anonymous: the login modal opens and nothing is sent (RT-03)', async () => {
    const { store, deps, toasts } = setup({ isLoggedIn: () => false });
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(await store.rate(10)).toBe('login-required');
    expect(deps.openLogin).toHaveBeenCalledTimes(1);
    expect(deps.send).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it("a stored vote answers 'Seu voto já foi registrado' without a request (RT-06)", async () => {
    storeRating(SONG_HASH, 1);
    const { store, deps, toasts } = setup();
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(store.getSnapshot().rating).toBe(1);
    expect(await store.rate(10)).toBe('already-rated');
    expect(deps.send).not.toHaveBeenCalled();
    expect(toasts).toEqual(['info: Seu voto já foi registrado']);
  });

  it('a second vote while one is in flight is ignored', async () => {
    let finish: (reply: RateSongReply) => void = () => undefined;
    const { store, deps } = setup({
      send: vi.fn(() => new Promise<RateSongReply>((resolve) => (finish = resolve))),
    });
    await store.setItem(nowPlaying(SONG), MAIN);
    const first = store.rate(10);
    expect(await store.rate(1)).toBe('busy');
    finish({ musicHash: SONG_HASH, likes: 1, dislikes: 0 });
    await first;
    expect(deps.send).toHaveBeenCalledTimes(1);
  });

  it("the server's 'already voted' (G61) stores the vote and says so", async () => {
    const { store, toasts } = setup({
      send: vi.fn(async () => {
        throw new ApiError('error', 'already voted', 200);
      }),
    });
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(await store.rate(10)).toBe('already-rated');
    expect(toasts).toEqual(['info: Seu voto já foi registrado']);
    expect(store.getSnapshot()).toMatchObject({ rating: 10, inFlight: false });
  });

  it("'rating not counted' (the song changed) explains it and asks what is on air", async () => {
    const { store, deps, toasts } = setup({
      send: vi.fn(async () => {
        throw new ApiError('error', 'rating not counted', 200);
      }),
    });
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(await store.rate(10)).toBe('not-counted');
    expect(toasts).toEqual([`info: ${RATING_TEXT.notCounted}`]);
    expect(deps.refreshNowPlaying).toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ rating: null, inFlight: false });
  });

  it('a network failure shows the communication problem and allows another try (RT-08)', async () => {
    const { store, toasts } = setup({
      send: vi.fn(async () => {
        throw new ApiError('error', 'network error', 0);
      }),
    });
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(await store.rate(10)).toBe('failed');
    expect(toasts).toEqual([
      'error: Problema na comunicação com servidor, por favor tente novamente em alguns instantes',
    ]);
    expect(store.getSnapshot()).toMatchObject({ rating: null, inFlight: false });
  });

  it('a 401 ends the session and asks for the login', async () => {
    const { store, deps } = setup({
      send: vi.fn(async () => {
        throw new ApiError(401, 'unauthorized', 401);
      }),
    });
    await store.setItem(nowPlaying(SONG), MAIN);
    expect(await store.rate(10)).toBe('login-required');
    expect(deps.onUnauthorized).toHaveBeenCalled();
    expect(deps.openLogin).toHaveBeenCalled();
  });

  it('a track change clears the previous rating (doc1 §4)', async () => {
    const { store } = setup();
    await store.setItem(nowPlaying(SONG), MAIN);
    await store.rate(10);
    expect(store.getSnapshot().rating).toBe(10);
    await store.setItem(nowPlaying(), MAIN);
    expect(store.getSnapshot()).toMatchObject({ rating: null, inFlight: false });
    expect(store.getSnapshot().hash).not.toBe(SONG_HASH);
  });

  it('nothing to rate without song and artist', async () => {
    const { store, deps } = setup();
    await store.setItem(nowPlaying({ song: '', artist: '' }), MAIN);
    expect(store.getSnapshot().hash).toBeNull();
    expect(await store.rate(10)).toBe('unavailable');
    expect(deps.send).not.toHaveBeenCalled();
  });
});

function pick({ song, artist }: typeof SONG) {
  return { song, artist };
}
