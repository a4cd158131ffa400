import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Later, LATER_IDLE_TIMEOUT_MS } from './Later';

/** requestIdleCallback, answered when the test says the browser is idle. */
function stubIdle() {
  const pending = new Map<number, IdleRequestCallback>();
  let next = 0;
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      expect(options?.timeout).toBe(LATER_IDLE_TIMEOUT_MS);
      pending.set(++next, callback);
      return next;
    }),
  );
  vi.stubGlobal(
    'cancelIdleCallback',
    vi.fn((handle: number) => pending.delete(handle)),
  );
  return {
    /** The browser is idle once: the callbacks asked so far run. */
    idle: () =>
      act(() => {
        const callbacks = [...pending.values()];
        pending.clear();
        callbacks.forEach((callback) => callback({} as IdleDeadline));
      }),
    asked: () => pending.size,
  };
}

/** An IntersectionObserver per stand-in; `near(element)` says the reader came close to it. */
function stubObserver() {
  const observed = new Map<Element, IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private target?: Element;
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.target = target;
        observed.set(target, this.callback);
      }
      disconnect() {
        if (this.target) observed.delete(this.target);
      }
    },
  );
  return (element: Element) =>
    act(() =>
      observed.get(element)?.(
        [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
}

function Block({ name }: { name: string }) {
  return <section aria-label={name}>{name}</section>;
}

const drawn = (name: string) => screen.queryByRole('region', { name }) !== null;

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Later: parts below the first screen, one per turn', () => {
  it('draws one part per idle turn, top of the page first, each after the one before is written', async () => {
    const { idle } = stubIdle();
    stubObserver();
    const { container, unmount } = render(
      <>
        <Later standInClassName="first-stand-in">
          <Block name="Mais lidas" />
        </Later>
        <Later>
          <Block name="Top 10" />
        </Later>
        <Later>
          <Block name="Criptomoedas" />
        </Later>
      </>,
    );
    expect(container.querySelectorAll('[aria-hidden]')).toHaveLength(3);
    expect(container.querySelector('.first-stand-in')).not.toBeNull();
    expect(drawn('Mais lidas')).toBe(false);

    idle();
    expect(await screen.findByRole('region', { name: 'Mais lidas' })).toBeInTheDocument();
    expect(drawn('Top 10')).toBe(false);
    idle();
    expect(await screen.findByRole('region', { name: 'Top 10' })).toBeInTheDocument();
    expect(drawn('Criptomoedas')).toBe(false);
    idle();
    expect(await screen.findByRole('region', { name: 'Criptomoedas' })).toBeInTheDocument();
    unmount();
  });

  it('a part the reader scrolls near is drawn at once, out of turn', async () => {
    const { idle } = stubIdle();
    const near = stubObserver();
    const { container, unmount } = render(
      <>
        <Later>
          <Block name="Mais lidas" />
        </Later>
        <Later standInClassName="explore">
          <Block name="Explore a rádio" />
        </Later>
      </>,
    );
    const explore = container.querySelector('.explore');
    expect(explore).not.toBeNull();
    if (explore) near(explore);
    expect(await screen.findByRole('region', { name: 'Explore a rádio' })).toBeInTheDocument();
    expect(drawn('Mais lidas')).toBe(false);
    idle();
    expect(await screen.findByRole('region', { name: 'Mais lidas' })).toBeInTheDocument();
    unmount();
  });

  it('a part whose chunk never comes gives the turn on after a while', async () => {
    const { idle } = stubIdle();
    stubObserver();
    vi.useFakeTimers();
    const Never = lazy(() => new Promise<{ default: () => ReactNode }>(() => undefined));
    const { unmount } = render(
      <>
        <Later>
          <Never />
        </Later>
        <Later>
          <Block name="Top 10" />
        </Later>
      </>,
    );
    idle();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    idle();
    expect(drawn('Top 10')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(600));
    idle();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(drawn('Top 10')).toBe(true);
    unmount();
  });

  it('parts that leave the page before their turn leave no turn asked', () => {
    const { asked } = stubIdle();
    stubObserver();
    const { unmount } = render(
      <Later>
        <Block name="Mais lidas" />
      </Later>,
    );
    expect(asked()).toBe(1);
    unmount();
    expect(asked()).toBe(0);
  });
});
