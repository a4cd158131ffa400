/** The back office's test set-up: what each desk's tests reset around every test, and small helpers. */
import { afterEach, beforeEach, expect } from 'vitest';
import { resetLoginModal } from '@/features/auth/login-modal-store';
import { resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act } from '@/test/render';
import type { Call } from './mock-backoffice';

/** The window's width, as the breakpoints read it (a phone at 360, a computer at 1280). */
export function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

/** No session, no login prompt and no toast before and after each test; the width put back. */
export function resetAroundEachTest() {
  const originalWidth = window.innerWidth;
  beforeEach(() => {
    resetSession();
    resetLoginModal();
  });
  afterEach(() => {
    act(() => toast.clear());
    resetSession();
    resetLoginModal();
    setWidth(originalWidth);
  });
}

/** The `index`-th call (negative from the end); fails the test when there is none. */
export function nth(calls: Call[], index: number): Call {
  const call = calls.at(index);
  if (!call) throw new Error(`no call at ${index} (${calls.length} made)`);
  return call;
}

/** The one call of a list; fails the test when there is not exactly one. */
export function only(calls: Call[]): Call {
  expect(calls).toHaveLength(1);
  const [call] = calls;
  if (!call) throw new Error('no call');
  return call;
}

/** A call's JSON body, as an object. */
export const bodyOf = (call: Call) => call.body as Record<string, unknown>;
