import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { act, render, screen } from '@/test/render';
import { LATER_IDLE_TIMEOUT_MS } from '@/components/Later/Later';
import { LazyFooter } from './LazyFooter';

afterEach(() => vi.unstubAllGlobals());

/** An IntersectionObserver the test triggers. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.target = undefined;
      }
    },
  );
  return () =>
    observers.forEach(({ callback, target }) =>
      callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
}

describe('the footer is drawn after the page', () => {
  it('stands in with its size until the browser is idle, then draws it', async () => {
    mockApi();
    const idle: IdleRequestCallback[] = [];
    const asked = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      idle.push(callback);
      expect(options?.timeout).toBe(LATER_IDLE_TIMEOUT_MS);
      return idle.length;
    });
    vi.stubGlobal('requestIdleCallback', asked);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    stubObserver();
    const { container } = render(<LazyFooter />);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden]')).not.toBeNull();
    act(() => idle.forEach((callback) => callback({} as IdleDeadline)));
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('a reader scrolling near it gets it before the browser is idle', async () => {
    mockApi();
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 1),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const scrollNear = stubObserver();
    render(<LazyFooter />);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    act(() => scrollNear());
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });
});
