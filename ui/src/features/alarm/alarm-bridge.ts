/**
 * The alarm clock's side of the desktop bridge: the types the Rust commands and the `onda://alarm`
 * event carry (src-tauri/src/alarm/mod.rs, src-tauri/src/desktop/{mod,commands}.rs) and one
 * function per command, over {@link desktopInvoke}. Field names follow the Rust serde attributes:
 * structs are camelCase, the fields of the tagged enums (`RingSource`, `AlarmEvent`) stay snake_case.
 */
import { desktopInvoke } from '@/lib/tauri-bridge';

/** One alarm as Rust keeps it. `time` is local "HH:MM:SS"; `days` ISO weekdays 1 (Mon)–7 (Sun). */
export interface Alarm {
  id: string;
  label: string;
  enabled: boolean;
  time: string;
  /** Empty: once, at the next `time`. */
  days: number[];
  streamId: string;
  /** 0–1, reached after `fadeInSeconds`. */
  volume: number;
  fadeInSeconds: number;
  snoozeMinutes: number;
  armedAt?: string | null;
}

/** Where the sound of a ringing alarm comes from. */
export type RingSource =
  | { kind: 'stream'; stream_id: string }
  | { kind: 'fallback'; stream_id: string }
  | { kind: 'bundled' };

export interface Ringing {
  alarmId: string;
  source: RingSource;
  started: string;
  sourceStarted: string;
}

/** What `alarm_list` and the other alarm commands answer. */
export interface AlarmOverview {
  alarms: Alarm[];
  fallbackStreamId: string | null;
  /** The next alarm to ring: id and local date-time. */
  next: [string, string] | null;
  ringing: Ringing | null;
  snoozedUntil: string | null;
  /** Occurrences missed since the app started (reported, never rung late), newest last. */
  missed?: MissedAlarm[];
}

export interface MissedAlarm {
  alarmId: string;
  at: string;
}

/** `onda://alarm` events (AlarmEvent in Rust). */
export type AlarmEvent =
  | { type: 'ringing'; alarm_id: string; source: RingSource; reason: string | null }
  | { type: 'snoozed'; alarm_id: string; until: string }
  | { type: 'stopped'; alarm_id: string }
  | { type: 'missed'; alarm_id: string; at: string };

export const ALARM_EVENT = 'onda://alarm';

/** A stream the native player (and so the alarm) can play. */
export interface StreamChoice {
  id: string;
  name: string;
  mp3: string | null;
}

/** The desktop app's settings (settings.json). */
export interface DesktopSettings {
  /** A notification for each new song; off by default. */
  notifyTracks: boolean;
}

export const alarmCommands = {
  list: () => desktopInvoke<AlarmOverview>('alarm_list'),
  save: (alarm: Alarm) => desktopInvoke<AlarmOverview>('alarm_save', { alarm }),
  remove: (id: string) => desktopInvoke<AlarmOverview>('alarm_delete', { id }),
  setFallback: (streamId: string | null) =>
    desktopInvoke<AlarmOverview>('alarm_set_fallback', { streamId }),
  snooze: () => desktopInvoke<AlarmOverview>('alarm_snooze'),
  stop: () => desktopInvoke<AlarmOverview>('alarm_stop'),
  streams: () => desktopInvoke<StreamChoice[]>('desktop_streams'),
  getSettings: () => desktopInvoke<DesktopSettings>('settings_get'),
  setSettings: (settings: DesktopSettings) =>
    desktopInvoke<DesktopSettings>('settings_set', { settings }),
};

/** TanStack Query keys of the desktop data. */
export const ALARM_KEYS = {
  overview: ['desktop', 'alarms'] as const,
  streams: ['desktop', 'streams'] as const,
  settings: ['desktop', 'settings'] as const,
};
