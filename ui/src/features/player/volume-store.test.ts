import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clampVolume,
  getVolumeState,
  reloadVolumeFromStorage,
  setVolume,
  stepVolume,
  subscribeVolume,
  syncVolumeAcrossTabs,
  toggleMute,
} from './volume-store';

beforeEach(() => {
  window.localStorage.clear();
  reloadVolumeFromStorage();
});

describe('volume store', () => {
  it('starts at 80 on a first visit', () => {
    expect(getVolumeState().volume).toBe(80);
  });

  it('steps by 10 and clamps to 0 and 100', () => {
    stepVolume(1);
    stepVolume(1);
    stepVolume(1);
    expect(getVolumeState().volume).toBe(100);
    setVolume(5);
    stepVolume(-1);
    expect(getVolumeState().volume).toBe(0);
    expect(clampVolume(-20)).toBe(0);
    expect(clampVolume(140)).toBe(100);
    expect(clampVolume(Number.NaN)).toBe(80);
  });

  it("stores the volume under 'volume' and reads it back after a reload", () => {
    setVolume(35);
    expect(window.localStorage.getItem('volume')).toBe('35');
    reloadVolumeFromStorage();
    expect(getVolumeState().volume).toBe(35);
  });

  it('ignores a broken stored value', () => {
    window.localStorage.setItem('volume', 'loud');
    reloadVolumeFromStorage();
    expect(getVolumeState().volume).toBe(80);
    window.localStorage.setItem('volume', '250');
    reloadVolumeFromStorage();
    expect(getVolumeState().volume).toBe(100);
  });

  it('mute goes to 0 and unmute restores the previous volume', () => {
    setVolume(60);
    toggleMute();
    expect(getVolumeState().volume).toBe(0);
    toggleMute();
    expect(getVolumeState().volume).toBe(60);
  });

  it('unmuting after sliding to 0 restores the last audible volume', () => {
    setVolume(40);
    setVolume(0);
    toggleMute();
    expect(getVolumeState().volume).toBe(40);
  });

  it('notifies subscribers (the player engine)', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeVolume(listener);
    setVolume(20);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ volume: 20 }));
    unsubscribe();
    setVolume(30);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("follows another tab's change", () => {
    const stop = syncVolumeAcrossTabs();
    window.localStorage.setItem('volume', '30');
    window.dispatchEvent(new StorageEvent('storage', { key: 'volume', newValue: '30' }));
    expect(getVolumeState().volume).toBe(30);
    stop();
    window.localStorage.setItem('volume', '50');
    window.dispatchEvent(new StorageEvent('storage', { key: 'volume', newValue: '50' }));
    expect(getVolumeState().volume).toBe(30);
  });
});
