import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, userEvent } from '@/test/render';
import type { VersionCheckOptions } from '../../lib/version-check';
import { UPDATE_BAR_TEXT, UpdateBar } from './UpdateBar';

describe('UpdateBar', () => {
  it('appears when the version check reports a new build, and reloads on click (SH-17)', async () => {
    let report: (() => void) | undefined;
    const stop = vi.fn();
    const start = vi.fn((options: VersionCheckOptions) => {
      report = options.onUpdate;
      return stop;
    });
    const reload = vi.fn();
    const { unmount } = render(<UpdateBar start={start} reload={reload} />);

    expect(screen.queryByText(UPDATE_BAR_TEXT)).not.toBeInTheDocument();
    act(() => report?.());
    expect(screen.getByText(UPDATE_BAR_TEXT)).toBeInTheDocument();
    expect(UPDATE_BAR_TEXT).toBe('Atualização da página disponível, recarregue ou clique aqui!');

    await userEvent.click(screen.getByRole('button', { name: UPDATE_BAR_TEXT }));
    expect(reload).toHaveBeenCalledTimes(1);

    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
