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

  it('the same text again replaces the toast on screen instead of stacking', async () => {
    vi.useFakeTimers();
    const { clear } = setup();
    const cpf = 'CPF inválido';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      act(() => {
        toast.error(cpf);
      });
      await act(() => vi.advanceTimersByTimeAsync(TOAST_EXIT_TRANSITION_MS));
    }
    expect(screen.getAllByText(cpf)).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // Another text is a toast of its own.
    act(() => {
      toast.error('Telefone inválido');
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    clear();
  });

  it('a repeated info toast starts its 3 s again', async () => {
    vi.useFakeTimers();
    const { clear } = setup();
    act(() => {
      toast.info('Salvo');
    });
    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500));
    act(() => {
      toast.info('Salvo');
    });
    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500));
    expect(screen.getAllByText('Salvo')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(500 + TOAST_EXIT_TRANSITION_MS));
    expect(screen.queryByText('Salvo')).not.toBeInTheDocument();
    clear();
  });

  it('a text closed with Fechar comes back when shown again', async () => {
    const { clear } = setup();
    act(() => {
      toast.error('Deu ruim');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fechar' }));
    await vi.waitFor(() => expect(screen.queryByText('Deu ruim')).not.toBeInTheDocument());
    act(() => {
      toast.error('Deu ruim');
    });
    expect(await screen.findByText('Deu ruim')).toBeInTheDocument();
    clear();
  });
});
