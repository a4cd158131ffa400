import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed, preloadOnIntent } from './lazy';

vi.mock('./chunk-reload', () => ({ reloadForNewBuild: vi.fn(() => false) }));
const { reloadForNewBuild } = await import('./chunk-reload');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">falhou</p> : this.props.children;
  }
}

function show(node: ReactNode) {
  return render(
    <Boundary>
      <Suspense fallback={<p>carregando</p>}>{node}</Suspense>
    </Boundary>,
  );
}

describe('lazyNamed', () => {
  it('fetches the module when first rendered and shows the named export with its props', async () => {
    const load = deferred<{ Greeting: typeof Greeting }>();
    const factory = vi.fn(() => load.promise);
    const LazyGreeting = lazyNamed(factory, 'Greeting');
    expect(factory).not.toHaveBeenCalled();

    show(<LazyGreeting name="Ana" />);
    expect(screen.getByText('carregando')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
    await act(async () => load.resolve({ Greeting }));
    expect(screen.getByText('Olá, Ana')).toBeInTheDocument();
  });

  it('renders a preloaded component at once, without the fallback, and fetches once', async () => {
    const factory = vi.fn(() => Promise.resolve({ Greeting }));
    const LazyGreeting = lazyNamed(factory, 'Greeting');
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    show(<LazyGreeting name="Bia" />);
    expect(screen.queryByText('carregando')).not.toBeInTheDocument();
    expect(screen.getByText('Olá, Bia')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed preload', async () => {
    const factory = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: x'))
      .mockResolvedValue({ Greeting });
    const LazyGreeting = lazyNamed(factory, 'Greeting');
    const intent = preloadOnIntent(LazyGreeting);
    intent.onPointerEnter();
    await act(async () => undefined);
    await expect(LazyGreeting.preload()).resolves.toBe(Greeting);
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('shows a failure to the error boundary unless the page reloads for a new build', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const Failing = lazyNamed<{ Greeting: typeof Greeting }, 'Greeting'>(
      () => Promise.reject(gone),
      'Greeting',
    );
    show(<Failing name="Ana" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('falhou');
    expect(reloadForNewBuild).toHaveBeenCalledWith(gone);

    // Reloading: the fallback stays until the browser leaves the page, no error shows.
    vi.mocked(reloadForNewBuild).mockReturnValueOnce(true);
    const Reloading = lazyNamed<{ Greeting: typeof Greeting }, 'Greeting'>(
      () => Promise.reject(gone),
      'Greeting',
    );
    const { unmount } = render(
      <Suspense fallback={<p>recarregando</p>}>
        <Reloading name="Bia" />
      </Suspense>,
    );
    await act(async () => undefined);
    expect(screen.getByText('recarregando')).toBeInTheDocument();
    unmount();
  });
});
