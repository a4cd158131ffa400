/**
 * The winner's side of the hunt, shared by the overlays (chest, prize modal) and the hunt page: the
 * prize won and not yet shared, and whether the prize modal is open. While a prize is pending the
 * engine counts no page views (doc3 §4.4: sharing is what lets the user hunt again).
 */
import { useSyncExternalStore } from 'react';
import type { HuntWin } from '@/generated/HuntWin';

export interface HuntState {
  /** 'reserved': the closed chest shows; 'opened': waiting for a share. */
  win: HuntWin | null;
  modalOpen: boolean;
  /** The login whose reserved prize was checked (page views wait for that answer). */
  reservedCheckedFor: number | null;
}

const INITIAL: HuntState = { win: null, modalOpen: false, reservedCheckedFor: null };

let state: HuntState = INITIAL;
const listeners = new Set<() => void>();

function emit(next: HuntState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getHuntState(): HuntState {
  return state;
}

/** A prize won (page view) or found reserved (login): the closed chest shows. */
export function setPendingWin(win: HuntWin): void {
  emit({ ...state, win });
}

/** The chest opened: the prize modal shows the prize. */
export function showPrize(win: HuntWin): void {
  emit({ ...state, win, modalOpen: true });
}

/** The modal closed without a share: the prize stays pending (the hunt page offers the share). */
export function closePrizeModal(): void {
  emit({ ...state, modalOpen: false });
}

/** Shared: the user hunts again. */
export function prizeShared(): void {
  emit({ ...state, win: null, modalOpen: false });
}

/** `checkSomeReservedPrize` answered (or failed) for this login. */
export function setReservedChecked(userId: number): void {
  emit({ ...state, reservedCheckedFor: userId });
}

/** Logout (the next login checks its reserved prize again), or tests. */
export function resetHunt(): void {
  if (state !== INITIAL) emit(INITIAL);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHuntState(): HuntState {
  return useSyncExternalStore(subscribe, getHuntState, getHuntState);
}
