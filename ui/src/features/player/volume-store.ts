/**
 * The listener's volume (doc1 §4 "Volume control"): 0–100, default 80, kept in localStorage under
 * 'volume'. Arrow keys step by 10 and clamp at the ends; mute goes to 0 and unmute restores the
 * volume from before. A plain external store: the player runtime subscribes to it outside React and
 * hands the level to the engine; components read it with {@link useVolume}. A change made in another
 * tab is followed ({@link syncVolumeAcrossTabs}).
 */
import { useSyncExternalStore } from 'react';
import {
  VOLUME_DEFAULT,
  VOLUME_MAX,
  VOLUME_MIN,
  VOLUME_STEP,
  VOLUME_STORAGE_KEY,
} from '@/lib/constants';
import { readLocal, writeLocal } from '@/lib/storage';

export interface VolumeState {
  /** 0–100. */
  volume: number;
  /** What unmuting goes back to. */
  restoreVolume: number;
}

export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return VOLUME_DEFAULT;
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, Math.round(value)));
}

function readStoredVolume(): number {
  const raw = readLocal(VOLUME_STORAGE_KEY);
  if (raw === null || raw.trim() === '') return VOLUME_DEFAULT;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? clampVolume(parsed) : VOLUME_DEFAULT;
}

function initialState(): VolumeState {
  const volume = readStoredVolume();
  return { volume, restoreVolume: volume > VOLUME_MIN ? volume : VOLUME_DEFAULT };
}

let state: VolumeState = initialState();
const listeners = new Set<(state: VolumeState) => void>();

function commit(next: VolumeState) {
  if (next.volume === state.volume && next.restoreVolume === state.restoreVolume) return;
  state = next;
  writeLocal(VOLUME_STORAGE_KEY, String(next.volume));
  listeners.forEach((listener) => listener(state));
}

export function getVolumeState(): VolumeState {
  return state;
}

export function setVolume(value: number): void {
  const volume = clampVolume(value);
  commit({ volume, restoreVolume: volume > VOLUME_MIN ? volume : state.restoreVolume });
}

/** One arrow-key step: `+1` up, `-1` down, by {@link VOLUME_STEP}, clamped to 0–100. */
export function stepVolume(direction: 1 | -1): void {
  setVolume(state.volume + direction * VOLUME_STEP);
}

export function isMuted(): boolean {
  return state.volume === VOLUME_MIN;
}

/** Mute (to 0, remembering the volume) or unmute (back to the remembered volume). */
export function toggleMute(): void {
  if (state.volume > VOLUME_MIN) {
    commit({ volume: VOLUME_MIN, restoreVolume: state.volume });
  } else {
    const restored = state.restoreVolume > VOLUME_MIN ? state.restoreVolume : VOLUME_DEFAULT;
    commit({ volume: restored, restoreVolume: restored });
  }
}

/** Listens to volume changes (the player engine uses this outside React). */
export function subscribeVolume(listener: (state: VolumeState) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-reads localStorage (tests, and another tab's change). */
export function reloadVolumeFromStorage(): void {
  state = initialState();
  listeners.forEach((listener) => listener(state));
}

/** Follows the volume set in another tab (the `storage` event); returns the function stopping it. */
export function syncVolumeAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VOLUME_STORAGE_KEY) reloadVolumeFromStorage();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useVolume() {
  const current = useSyncExternalStore(subscribeVolume, getVolumeState, getVolumeState);
  return {
    volume: current.volume,
    muted: current.volume === VOLUME_MIN,
    setVolume,
    stepVolume,
    toggleMute,
  };
}
