/**
 * React's view of the player: snapshots through useSyncExternalStore, and the rating controls'
 * rule (doc1 §4 "Rating"). Components use these and the player's commands; never the engine.
 */
import { useSyncExternalStore } from 'react';
import { useStation } from '@/lib/station';
import { RATING_TEXT } from './messages';
import { useHeardOnAir } from './heard-on-air';
import type { NowPlayingState } from './now-playing';
import { isBehindLive, type PlayerMachine, type PlayerSnapshot } from './player-machine';
import { useRatingState, type RatingState, type RatingValue } from './rating';
import { getPlayerRuntime } from './player-runtime';

export function usePlayerMachine(): PlayerMachine {
  return getPlayerRuntime().player;
}

export function usePlayer(): PlayerSnapshot {
  const { player } = getPlayerRuntime();
  return useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
}

export function useNowPlaying(): NowPlayingState {
  const { nowPlaying } = getPlayerRuntime();
  return useSyncExternalStore(nowPlaying.subscribe, nowPlaying.getSnapshot, nowPlaying.getSnapshot);
}

/** What the player shows as playing: on air now, or behind live what was on air then. */
export interface ShownNowPlaying extends NowPlayingState {
  /** Behind live (timeshift): `current` is what was on air at the instant heard. */
  behind: boolean;
}

/**
 * The item the bar and the live page show: the now-playing at live; behind live, what was on air
 * at the instant heard (heard-on-air.ts), loading until the first answer about it.
 */
export function useShownNowPlaying(): ShownNowPlaying {
  const live = useNowPlaying();
  const heard = useHeardOnAir();
  const behind = isBehindLive(usePlayer());
  if (!behind) return { ...live, behind: false };
  return {
    metaId: live.metaId,
    current: heard?.item ?? null,
    loading: !heard || (heard.loading && !heard.item),
    failed: false,
    behind: true,
  };
}

export interface RatingControls {
  /** Like and dislike can be pressed. */
  enabled: boolean;
  /** Why they cannot, when there is a reason to tell (not while a vote or the item loads). */
  reason: string | null;
  /** A vote is stored for this play ('Você já votou'). */
  rated: boolean;
  /** The stored vote (10 or 1), to show which one was chosen. */
  rating: number | null;
  inFlight: boolean;
  rate: (value: RatingValue) => void;
}

/**
 * Like/dislike are enabled only while the live MAIN stream (or its Dolby Atmos twin, same metaId)
 * is selected and on air is a music item with song and artist known, no vote stored for it and no
 * vote in flight (doc1 §4, RT-01, RT-02, RT-06).
 */
export function ratingEnabled(
  player: PlayerSnapshot,
  nowPlaying: NowPlayingState,
  rating: RatingState,
  mainStreamId: string | null,
): boolean {
  const stream = player.stream;
  const item = nowPlaying.current;
  const onMain =
    !!stream &&
    !!mainStreamId &&
    (stream.streamId === mainStreamId || (stream.dolby && stream.metaId === mainStreamId));
  return (
    onMain &&
    player.isLive === true &&
    !isBehindLive(player) &&
    !!item &&
    item.metaType === 'music' &&
    item.song.trim() !== '' &&
    item.artist.trim() !== '' &&
    rating.item === item &&
    rating.hash !== null &&
    rating.rating === null &&
    !rating.inFlight
  );
}

/** Why like/dislike are disabled, in the order the listener can act on it. */
export type RatingBlock = 'channel' | 'onDemand' | 'behind' | 'notMusic' | 'rated';

/**
 * The lasting reason the rule of {@link ratingEnabled} says no, or `null` when votes are open or
 * the answer is only a moment away (the station, the stream or the item still loading, a vote in
 * flight).
 */
export function ratingBlock(
  player: PlayerSnapshot,
  nowPlaying: NowPlayingState,
  rating: RatingState,
  mainStreamId: string | null,
): RatingBlock | null {
  if (player.isLive === 'otherMedia') return 'onDemand';
  if (isBehindLive(player)) return 'behind';
  const stream = player.stream;
  if (!stream || !mainStreamId) return null;
  if (stream.streamId !== mainStreamId && !(stream.dolby && stream.metaId === mainStreamId))
    return 'channel';
  const item = nowPlaying.current;
  if (!item) return null;
  if (item.metaType !== 'music' || item.song.trim() === '' || item.artist.trim() === '')
    return 'notMusic';
  if (rating.item === item && rating.rating !== null) return 'rated';
  return null;
}

const BLOCK_TEXT: Record<RatingBlock, string> = {
  channel: RATING_TEXT.unavailableChannel,
  onDemand: RATING_TEXT.unavailableOnDemand,
  behind: RATING_TEXT.unavailableBehind,
  notMusic: RATING_TEXT.unavailableNotMusic,
  rated: RATING_TEXT.alreadyRatedTitle,
};

export function useRatingControls(): RatingControls {
  const { rating: store } = getPlayerRuntime();
  const player = usePlayer();
  const nowPlaying = useNowPlaying();
  const rating = useRatingState(store);
  const { station } = useStation();
  const mainStreamId = station?.mainStreamId ?? null;
  const enabled = ratingEnabled(player, nowPlaying, rating, mainStreamId);
  const block = enabled ? null : ratingBlock(player, nowPlaying, rating, mainStreamId);
  return {
    enabled,
    reason: block ? BLOCK_TEXT[block] : null,
    rated: rating.rating !== null && rating.item === nowPlaying.current,
    rating: rating.item === nowPlaying.current ? rating.rating : null,
    inFlight: rating.inFlight,
    rate: (value) => void store.rate(value),
  };
}
