/**
 * Follows what a listener behind live hears: asks the server what was on air at the heard instant
 * (on each seek or resume, at once; then whenever the instant leaves the play the last answer
 * named, or its programme), and publishes it to the heard-on-air store. At live it publishes
 * nothing. Lives in the timeshift controls' chunk: only a listener who went back needs it.
 */
import type { OnAirAt } from '@/generated/OnAirAt';
import { setHeardOnAir, type HeardOnAir } from './heard-on-air';
import { isBehindLive, type PlayerMachine } from './player-machine';

/** How often the heard instant is compared with the answer's play. */
export const HEARD_CHECK_MS = 1000;
/** A play of unknown length (or nothing on air, or a failed answer) is asked about again after this. */
export const HEARD_UNKNOWN_LENGTH_MS = 30_000;

export type FetchOnAir = (streamId: string, atMs: number) => Promise<OnAirAt>;

export class HeardOnAirFollower {
  private readonly player: PlayerMachine;
  private readonly fetchOnAir: FetchOnAir;
  private readonly publish: (value: HeardOnAir | null) => void;
  private streamId: string | null = null;
  private seekSeq = -1;
  private askedAt = 0;
  private answer: OnAirAt | null = null;
  private inFlight = false;
  private requests = 0;
  private shown: HeardOnAir | null = null;

  constructor(
    player: PlayerMachine,
    fetchOnAir: FetchOnAir,
    publish: (value: HeardOnAir | null) => void = setHeardOnAir,
  ) {
    this.player = player;
    this.fetchOnAir = fetchOnAir;
    this.publish = publish;
  }

  /** Starts following; returns the function stopping it. */
  start(): () => void {
    const unsubscribe = this.player.subscribe(this.check);
    const timer = setInterval(this.check, HEARD_CHECK_MS);
    this.check();
    return () => {
      unsubscribe();
      clearInterval(timer);
      this.requests += 1;
      this.show(null);
    };
  }

  private readonly check = () => {
    const state = this.player.getSnapshot();
    const position = this.player.timeshiftPosition();
    if (!isBehindLive(state) || !state.streamId || !state.timeshift || !position) {
      this.reset();
      return;
    }
    // A seek (or the first look behind live): what is heard now is asked about at once.
    const { seekSeq } = state.timeshift;
    if (state.streamId !== this.streamId || seekSeq !== this.seekSeq) {
      this.streamId = state.streamId;
      this.seekSeq = seekSeq;
      this.ask(state.streamId, position.atMs);
      return;
    }
    if (!this.inFlight && !this.covers(position.atMs)) this.ask(state.streamId, position.atMs);
  };

  /** The last answer still says what is heard at `atMs`. */
  private covers(atMs: number): boolean {
    const item = this.answer?.nowPlaying;
    const programme = this.answer?.programme;
    if (programme && atMs >= Date.parse(programme.endsAt)) return false;
    if (item && item.durationMs > 0) {
      return atMs >= item.startedAtMs && atMs < item.startedAtMs + item.durationMs;
    }
    return atMs >= this.askedAt && atMs < this.askedAt + HEARD_UNKNOWN_LENGTH_MS;
  }

  private ask(streamId: string, atMs: number) {
    const request = ++this.requests;
    this.askedAt = atMs;
    this.inFlight = true;
    // What is shown stays until the answer: no flash of nothing between two songs.
    this.show(
      this.shown
        ? { ...this.shown, loading: true }
        : { atMs, item: null, programme: null, loading: true },
    );
    this.fetchOnAir(streamId, atMs).then(
      (answer) => {
        if (request !== this.requests) return;
        this.inFlight = false;
        this.answer = answer;
        this.show({ atMs, item: answer.nowPlaying, programme: answer.programme, loading: false });
      },
      () => {
        if (request !== this.requests) return;
        // Asked again once the heard instant moved on by the unknown length.
        this.inFlight = false;
        this.answer = null;
        this.show({ atMs, item: null, programme: null, loading: false });
      },
    );
  }

  private reset() {
    if (this.streamId === null && this.shown === null) return;
    this.requests += 1;
    this.streamId = null;
    this.seekSeq = -1;
    this.answer = null;
    this.inFlight = false;
    this.show(null);
  }

  private show(value: HeardOnAir | null) {
    this.shown = value;
    this.publish(value);
  }
}
