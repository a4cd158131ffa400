import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK, useUnsavedGuard } from './use-unsaved-guard';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedGuard and the back button', () => {
  it('puts one extra history entry on top while there are unsaved changes', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const { rerender } = renderHook(({ dirty }) => useUnsavedGuard(dirty), {
      wrapper,
      initialProps: { dirty: false },
    });
    expect(push).not.toHaveBeenCalled();
    rerender({ dirty: true });
    rerender({ dirty: true });
    expect(push).toHaveBeenCalledTimes(1);
    expect(push.mock.calls[0]?.[2]).toBe(window.location.href);
  });

  it('asks when the back button takes it, and puts it back when the journalist stays', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const { result } = renderHook(() => useUnsavedGuard(true), { wrapper });
    expect(push).toHaveBeenCalledTimes(1);
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(result.current.pending).toBe(BACK);
    act(() => result.current.cancelLeave());
    expect(result.current.pending).toBeNull();
    expect(push).toHaveBeenCalledTimes(2);
  });

  it("'Sair sem salvar' after the back button goes back for real", () => {
    vi.spyOn(window.history, 'pushState');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { result } = renderHook(() => useUnsavedGuard(true), { wrapper });
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    act(() => result.current.confirmLeave());
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('takes the entry away before the editor navigates itself, then navigates', async () => {
    vi.spyOn(window.history, 'pushState');
    const back = vi
      .spyOn(window.history, 'back')
      .mockImplementation(() => window.dispatchEvent(new PopStateEvent('popstate')));
    const { result } = renderHook(() => useUnsavedGuard(true), { wrapper });
    act(() => result.current.leave('/a1redacao/7', { replace: true }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBeNull();
  });
});
