/**
 * Listening analytics (doc1 §4 "Other shell behaviour", PL-19): while the live radio is heard,
 * category 'player':
 *
 * - action 'heartbeat' every 240 s, value = seconds listened since the previous heartbeat;
 * - action 'milestone' at cumulative listening minutes 1, 5, 15, 30, 60, 90, 120, … (value = the
 *   minute).
 *
 * Both carry the streamId. Listening time only runs while sound plays (not during the preroll, a
 * stall or a pause), and adds up over the whole visit. Beyond the spec, when listening stops (pause,
 * another stream) the seconds since the last heartbeat are sent as one more heartbeat, labelled
 * 'partial', so the listening time summed on the server is exact.
 */
import {
  HEARTBEAT_INTERVAL_MS,
  LISTEN_MILESTONE_STEP_MIN,
  LISTEN_MILESTONES_MIN,
} from '@/lib/constants';

export type TrackFn = (
  category: string,
  action: string,
  label?: string,
  extra?: { value?: number; streamId?: string },
) => void;

export const PLAYER_ANALYTICS_CATEGORY = 'player';
/** A partial heartbeat shorter than this is not worth a request. */
const MIN_PARTIAL_MS = 1000;

/** The n-th milestone (0-based) in minutes: 1, 5, 15, 30, 60, then every 30 more. */
export function milestoneMinute(index: number): number {
  const fixed = LISTEN_MILESTONES_MIN[index];
  if (fixed !== undefined) return fixed;
  const last = LISTEN_MILESTONES_MIN[LISTEN_MILESTONES_MIN.length - 1] ?? 60;
  return last + (index - LISTEN_MILESTONES_MIN.length + 1) * LISTEN_MILESTONE_STEP_MIN;
}

export class ListeningTracker {
  private cumulativeMs = 0;
  private sinceHeartbeatMs = 0;
  private listeningSince: number | null = null;
  private streamId: string | null = null;
  private milestoneIndex = 0;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private milestoneTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly track: TrackFn,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether live audio is heard right now, and on which stream. */
  update(listening: boolean, streamId: string | null): void {
    if (this.listeningSince !== null && (!listening || streamId !== this.streamId)) {
      this.accumulate();
      this.clearTimers();
      this.listeningSince = null;
      this.sendPartial();
    }
    if (listening && this.listeningSince === null) {
      this.streamId = streamId;
      this.listeningSince = this.now();
      this.schedule();
    }
  }

  /** Total listening so far, in ms. */
  get listenedMs(): number {
    return (
      this.cumulativeMs + (this.listeningSince === null ? 0 : this.now() - this.listeningSince)
    );
  }

  destroy(): void {
    this.update(false, this.streamId);
    this.clearTimers();
  }

  private accumulate() {
    if (this.listeningSince === null) return;
    const at = this.now();
    const delta = Math.max(0, at - this.listeningSince);
    this.cumulativeMs += delta;
    this.sinceHeartbeatMs += delta;
    this.listeningSince = at;
  }

  private schedule() {
    this.clearTimers();
    this.heartbeatTimer = setTimeout(
      () => this.onHeartbeat(),
      Math.max(0, HEARTBEAT_INTERVAL_MS - this.sinceHeartbeatMs),
    );
    this.milestoneTimer = setTimeout(
      () => this.onMilestone(),
      Math.max(0, milestoneMinute(this.milestoneIndex) * 60_000 - this.cumulativeMs),
    );
  }

  private onHeartbeat() {
    this.accumulate();
    this.sendHeartbeat();
    this.schedule();
  }

  private onMilestone() {
    this.accumulate();
    const minute = milestoneMinute(this.milestoneIndex);
    this.milestoneIndex += 1;
    this.track(PLAYER_ANALYTICS_CATEGORY, 'milestone', undefined, this.extra(minute));
    this.schedule();
  }

  private sendHeartbeat(label?: string) {
    const seconds = Math.round(this.sinceHeartbeatMs / 1000);
    this.sinceHeartbeatMs = 0;
    this.track(PLAYER_ANALYTICS_CATEGORY, 'heartbeat', label, this.extra(seconds));
  }

  private sendPartial() {
    if (this.sinceHeartbeatMs >= MIN_PARTIAL_MS) this.sendHeartbeat('partial');
    else this.sinceHeartbeatMs = 0;
  }

  private extra(value: number) {
    return this.streamId === null ? { value } : { value, streamId: this.streamId };
  }

  private clearTimers() {
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.milestoneTimer);
    this.heartbeatTimer = undefined;
    this.milestoneTimer = undefined;
  }
}
