import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { breakpointFor, useBreakpoint } from './breakpoints';
import { RESIZE_DEBOUNCE_MS } from './constants';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

describe('breakpointFor', () => {
  it.each([
    [320, 'xs'],
    [575, 'xs'],
    [576, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [991, 'md'],
    [992, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1920, 'xl'],
  ])('%i px is %s', (width, expected) => {
    expect(breakpointFor(width)).toBe(expected);
  });
});

describe('useBreakpoint', () => {
  afterEach(() => setWidth(1024));

  it('reads the width on first render; 767 px is mobile and 768 px is not (C18)', () => {
    setWidth(767);
    const first = renderHook(() => useBreakpoint());
    expect(first.result.current).toEqual({ width: 767, breakpoint: 'sm', isMobile: true });
    first.unmount();

    setWidth(768);
    const second = renderHook(() => useBreakpoint());
    expect(second.result.current.isMobile).toBe(false);
    expect(second.result.current.breakpoint).toBe('md');
  });

  it('debounces resize events by 100 ms', () => {
    vi.useFakeTimers();
    setWidth(1280);
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current.breakpoint).toBe('xl');

    act(() => {
      setWidth(900);
      window.dispatchEvent(new Event('resize'));
    });
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(result.current.width).toBe(1280);

    // Another resize restarts the wait.
    act(() => {
      setWidth(500);
      window.dispatchEvent(new Event('resize'));
    });
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(result.current.width).toBe(1280);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ width: 500, breakpoint: 'xs', isMobile: true });
  });
});
