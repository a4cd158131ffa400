/**
 * The desktop app's engine: the native Rust player (src-tauri/src/player) behind the same
 * {@link PlayerEngine} interface as the `<audio>` engine, so the state machine, labels and messages
 * are the website's.
 *
 * Each source is played as what it is: a live stream (`live: true`, reconnected when lost) or a file
 * (an ad, a preview, a track), which plays once to its end and then reports `ended`, with its
 * position and duration as `progress` on the way.
 *
 * Mapping of the native player's states to engine events:
 * - `playing` → `playing`; `reconnecting` (its watchdog or a dropped connection; it retries 3 times,
 *   1 s apart) → `waiting`, which shows 'Erro de reprodução. Tentando reconectar...' (PL-04);
 * - `failed` (its retries ran out) → `error` 'network', final: the engine says it
 *   {@link DesktopEngine.reconnectsItself}, so the machine shows the stream error without retrying;
 * - `paused` → `paused` (also when paused from the tray);
 * - `ended` (a file played to its last sample) → `ended`.
 * Pausing disconnects natively too. Only MP3 is offered (symphonia has no HE-AAC), so the machine
 * picks each stream's MP3 source.
 *
 * Timeshift is native too: the player reads the channel's HLS playlist (its MP3 rendition) from a
 * wall-clock instant (`player_play_at`), moves in it (`player_seek_to`) and reports the instant heard
 * and the window (`timeshift` events), which become `progress` here so the machine reads the window.
 * A pause disconnects and keeps the instant; the next play starts from it.
 */
import type {
  EngineEvent,
  EngineListener,
  EngineSource,
  PlayerEngine,
  TimeshiftCapability,
  TimeshiftWindow,
} from './types';
import { desktopInvoke, desktopListen } from '@/lib/tauri-bridge';

/** The native player's state, as `onda://player` events carry it (PlayerState in Rust). */
export type NativeState =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'playing' }
  | { state: 'reconnecting'; attempt: number }
  | { state: 'paused' }
  | { state: 'ended' }
  | { state: 'failed'; reason: string };

export type NativeEvent =
  | { type: 'state'; state: NativeState }
  | { type: 'track'; track: { artist: string | null; title: string; streamTitle: string } }
  | { type: 'volume'; level: number }
  | { type: 'progress'; positionS: number; durationS: number | null }
  | { type: 'timeshift'; atMs: number; startMs: number; endMs: number };

export const PLAYER_EVENT = 'onda://player';

const PLAYABLE = new Set(['audio/mpeg', 'audio/mp3']);

export class DesktopEngine implements PlayerEngine {
  readonly kind = 'native';
  /** The native player retries (3 times, 1 s apart) and watches for stalls itself. */
  readonly reconnectsItself = true;
  private listeners = new Set<EngineListener>();
  private source: EngineSource | null = null;
  /** The HLS source's place: the instant asked, then the one heard and the window. */
  private shift: { atMs: number; heardMs: number | null; window: TimeshiftWindow | null } | null =
    null;
  /** The loaded source was handed to the native player (a seek then moves it there). */
  private started = false;
  private unlisten: () => void;

  readonly timeshift: TimeshiftCapability = {
    canTimeshift: () => true,
    loadAt: (source, atMs) => {
      this.source = source;
      this.shift = { atMs, heardMs: null, window: null };
      this.started = false;
      this.emit({ type: 'loading' });
    },
    seekTo: (atMs) => {
      if (!this.shift) return;
      this.shift = { ...this.shift, atMs, heardMs: null };
      if (this.started) void desktopInvoke('player_seek_to', { atMs }).catch(() => undefined);
    },
    playingDateMs: () => (this.shift ? (this.shift.heardMs ?? this.shift.atMs) : null),
    window: () => this.shift?.window ?? null,
  };

  constructor() {
    this.unlisten = desktopListen<NativeEvent>(PLAYER_EVENT, (event) => this.onNative(event));
    void desktopInvoke('player_attach').catch(() => undefined);
  }

  load(source: EngineSource): void {
    this.source = source;
    this.shift = null;
    this.started = false;
    this.emit({ type: 'loading' });
  }

  async play(): Promise<void> {
    // A live stream is always a fresh connection at the live edge; a paused file resumes where it
    // was; the HLS source plays from the instant heard last (or asked). No autoplay policy either.
    const source = this.source;
    this.started = source !== null;
    if (source && this.shift) {
      await desktopInvoke('player_play_at', {
        url: source.url,
        atMs: Math.round(this.shift.heardMs ?? this.shift.atMs),
      }).catch(() => undefined);
      return;
    }
    await desktopInvoke('player_play', {
      url: source?.url ?? null,
      kind: source?.live === false ? 'file' : 'live',
    }).catch(() => undefined);
  }

  pause(): void {
    void desktopInvoke('player_pause').catch(() => undefined);
  }

  stopBuffering(): void {
    this.source = null;
    this.shift = null;
    this.started = false;
    void desktopInvoke('player_stop').catch(() => undefined);
  }

  setVolume(level: number): void {
    const clamped = Math.min(1, Math.max(0, level));
    void desktopInvoke('player_set_volume', { level: clamped }).catch(() => undefined);
  }

  bufferLatencyMs(): number | null {
    return null;
  }

  canPlay(type: string): boolean {
    return PLAYABLE.has(type.split(';')[0]?.trim().toLowerCase() ?? '');
  }

  unlock(): void {
    // Native output needs no user gesture, unlike a browser's <audio>: nothing to unlock.
    return;
  }

  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  destroy(): void {
    this.unlisten();
    this.listeners.clear();
  }

  /** Native events → engine events (exported for the tests through the class). */
  onNative(event: NativeEvent): void {
    if (event.type === 'timeshift') {
      if (!this.shift) return;
      const window = { startMs: event.startMs, endMs: event.endMs };
      this.shift = { ...this.shift, heardMs: event.atMs, window };
      this.emit({
        type: 'progress',
        positionS: (event.atMs - event.startMs) / 1000,
        durationS: (event.endMs - event.startMs) / 1000,
      });
      return;
    }
    if (event.type === 'progress') {
      if (this.source?.live === false) {
        this.emit({
          type: 'progress',
          positionS: event.positionS,
          durationS: event.durationS,
        });
      }
      return;
    }
    if (event.type !== 'state') return;
    // Events about a source the machine already dropped are stale.
    if (!this.source && event.state.state !== 'paused') return;
    switch (event.state.state) {
      case 'playing':
        this.emit({ type: 'playing' });
        return;
      case 'reconnecting':
        this.emit({ type: 'waiting' });
        return;
      case 'paused':
        if (this.source) this.emit({ type: 'paused' });
        return;
      case 'ended':
        this.emit({ type: 'ended' });
        return;
      case 'failed':
        this.emit({ type: 'error', code: 'network', message: event.state.reason });
        return;
      default:
        return;
    }
  }

  private emit(event: EngineEvent) {
    for (const listener of this.listeners) listener(event);
  }
}

export const TRAY_EVENT = 'onda://tray';

/** What the tray needs from the UI's player and router. */
export interface TrayTargets {
  toggle(): void;
  chooseStream(streamId: string): unknown;
  navigate(path: string): void;
  /** Back (negative) or forward in the timeshift window, in ms. */
  seekBy(ms: number): void;
  goLive(): void;
}

/** The tray's 'Voltar 30 segundos'. */
const TRAY_REWIND_MS = -30_000;

/**
 * The tray's play/pause, stream choice, 'Voltar 30 segundos' and 'Ao vivo', and the media
 * controls' seeking (`seek:<ms>`) go through the UI's state machine (so its labels, window and
 * fallback follow); 'Estatísticas' (staff) opens /a1stats. Returns the unlisten.
 */
export function listenToTray(targets: TrayTargets): () => void {
  return desktopListen<string>(TRAY_EVENT, (action) => {
    if (action === 'toggle') targets.toggle();
    else if (action === 'open-stats') targets.navigate('/a1stats');
    else if (action === 'rewind') targets.seekBy(TRAY_REWIND_MS);
    else if (action === 'live') targets.goLive();
    else if (action.startsWith('seek:')) {
      const ms = Number(action.slice('seek:'.length));
      if (Number.isFinite(ms) && ms !== 0) targets.seekBy(ms);
    } else if (action.startsWith('stream:')) targets.chooseStream(action.slice('stream:'.length));
  });
}

/**
 * Tells the tray and the media controls what the player offers of timeshift, when it changes:
 * `offered` (the channel has an HLS window) enables 'Voltar 30 segundos' and seeking, `shifted`
 * (behind live) 'Ao vivo'. Returns the function to call with each player state.
 */
export function trayTimeshiftSync(): (offered: boolean, shifted: boolean) => void {
  let last = '';
  return (offered, shifted) => {
    const key = `${offered}:${shifted}`;
    if (key === last) return;
    last = key;
    void desktopInvoke('tray_set_timeshift', { offered, shifted }).catch(() => undefined);
  };
}
