import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed } from '@/lib/lazy';
import { OnDemand } from './OnDemand';

function Dialog({ opened }: { opened: boolean }) {
  return <div role="dialog" data-opened={opened} />;
}

describe('OnDemand', () => {
  it('fetches nothing until wanted, then keeps the part mounted', async () => {
    const factory = vi.fn(() => Promise.resolve({ Dialog }));
    const LazyDialog = lazyNamed(factory, 'Dialog');
    const { rerender } = render(
      <OnDemand when={false}>
        <LazyDialog opened={false} />
      </OnDemand>,
    );
    expect(factory).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(
      <OnDemand when>
        <LazyDialog opened />
      </OnDemand>,
    );
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-opened', 'true');

    // Closed again: still mounted (a modal plays its closing transition).
    rerender(
      <OnDemand when={false}>
        <LazyDialog opened={false} />
      </OnDemand>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-opened', 'false');
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('leaves out a part that fails to load; what is around it stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyNamed<{ Dialog: typeof Dialog }, 'Dialog'>(
      () => Promise.reject(new Error('boom')),
      'Dialog',
    );
    render(
      <main>
        <p>a página</p>
        <OnDemand when>
          <Broken opened />
        </OnDemand>
      </main>,
    );
    await act(async () => undefined);
    expect(screen.getByText('a página')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });
});
