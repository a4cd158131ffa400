import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreenShown,
  deferredScripts,
  PAINT_WAIT_MS,
  releaseDeferredScripts,
} from './app-start';
import { DEFERRED_SCRIPTS_ID } from './deferred-scripts';

/** A PerformanceObserver whose entries the test reports, with the entry types a browser names. */
function fakeObserver(supported: string[]) {
  const observers: {
    callback: PerformanceObserverCallback;
    type?: string;
    disconnected: boolean;
  }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private record: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe(options: PerformanceObserverInit) {
      this.record.type = options.type;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const report = (count: number) => {
    for (const { callback, disconnected } of observers) {
      if (disconnected) continue;
      const entries = Array.from({ length: count }, () => ({}) as PerformanceEntry);
      callback(
        { getEntries: () => entries } as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
    }
  };
  return { observers, report };
}

describe('afterFirstScreenShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once the largest paint is reported, once', () => {
    const { observers, report } = fakeObserver(['paint', 'largest-contentful-paint']);
    const start = vi.fn();
    afterFirstScreenShown(start);
    expect(observers[0]?.type).toBe('largest-contentful-paint');
    report(0);
    expect(start).not.toHaveBeenCalled();
    report(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    report(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the first paint where largest paints are not reported (Safari)', () => {
    const { observers, report } = fakeObserver(['paint']);
    const start = vi.fn();
    afterFirstScreenShown(start);
    expect(observers[0]?.type).toBe('paint');
    report(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no paint is reported (a background tab)', () => {
    fakeObserver(['largest-contentful-paint']);
    const start = vi.fn();
    afterFirstScreenShown(start);
    vi.advanceTimersByTime(PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('falls back to the next frame without paint timing', () => {
    fakeObserver([]);
    const start = vi.fn();
    afterFirstScreenShown(start);
    vi.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('deferred scripts', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("moves the template's preload links into the head, once", () => {
    expect(deferredScripts()).toBeNull();
    document.head.innerHTML =
      `<template id="${DEFERRED_SCRIPTS_ID}">` +
      '<link rel="modulepreload" href="/assets/boot.js"><link rel="modulepreload" href="/assets/Page.js">' +
      '</template>';
    // Inert until then: a template's links are not in the document.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const template = deferredScripts();
    if (!template) throw new Error('the template is not found');
    releaseDeferredScripts(template);
    const links = [...document.querySelectorAll('head > link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/boot.js',
      '/assets/Page.js',
    ]);
    expect(deferredScripts()).toBeNull();
  });
});
