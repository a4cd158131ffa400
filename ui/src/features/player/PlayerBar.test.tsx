import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { render, screen, userEvent } from '@/test/render';
import { PlayerBar } from './PlayerBar';
import { reloadVolumeFromStorage } from './volume-store';

beforeEach(() => {
  mockApi();
  reloadVolumeFromStorage();
});

describe('PlayerBar', () => {
  it('starts at 80; ArrowUp 3 times gives 100; a reload keeps 100 (SH-18)', async () => {
    const user = userEvent.setup();
    const first = render(<PlayerBar />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('aria-valuenow', '80');

    slider.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(window.localStorage.getItem('volume')).toBe('100');
    first.unmount();

    reloadVolumeFromStorage();
    render(<PlayerBar />);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('ArrowDown steps by 10 and clamps at 0', async () => {
    const user = userEvent.setup();
    render(<PlayerBar />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    slider.focus();
    await user.keyboard('{ArrowDown}'.repeat(10));
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('the mute button toggles to 0 and back', async () => {
    const user = userEvent.setup();
    render(<PlayerBar />);
    await user.click(screen.getByRole('button', { name: 'Silenciar' }));
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('button', { name: 'Ativar som' }));
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '80');
  });

  it('offers its play button, except on /a1stats (doc3 §2.9)', () => {
    const { unmount } = render(<PlayerBar />);
    expect(screen.getByRole('button', { name: 'Tocar' })).toBeInTheDocument();
    unmount();
    render(<PlayerBar />, { route: '/a1stats' });
    expect(screen.queryByRole('button', { name: 'Tocar' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
  });
});
