import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, userEvent } from '@/test/render';
import { TOAST_DURATION_MS } from './constants';
import { TOAST_EXIT_TRANSITION_MS, toast } from './toast';

function setup() {
  render(<div />);
  return { clear: () => act(() => toast.clear()) };
}

describe('toast', () => {
  it.each(['info', 'success'] as const)('%s toasts close after 3 s', async (kind) => {
    vi.useFakeTimers();
    const { clear } = setup();
    act(() => {
      toast[kind]('Tudo certo!');
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Tudo certo!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Tudo certo!')).toBeInTheDocument();
    // Closing starts at 3 s; the exit transition (at most 250 ms) then removes it.
    await act(() => vi.advanceTimersByTimeAsync(1 + TOAST_EXIT_TRANSITION_MS));
    expect(screen.queryByText('Tudo certo!')).not.toBeInTheDocument();
    clear();
  });

  it('error toasts stay until Fechar is clicked (SH-10)', async () => {
    vi.useFakeTimers();
    const { clear } = setup();
    act(() => {
      toast.error('Deu ruim');
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Deu ruim')).toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await vi.waitFor(() => expect(screen.queryByText('Deu ruim')).not.toBeInTheDocument());
    clear();
  });

  it('Fechar closes a success toast early', async () => {
    const { clear } = setup();
    act(() => {
      toast.success('Salvo');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fechar' }));
    await vi.waitFor(() => expect(screen.queryByText('Salvo')).not.toBeInTheDocument());
    clear();
  });
});
