import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_PLAYING_FIRST_MS } from '@/lib/constants';
import { mockApi } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor } from '@/test/render';
import { PlayerBar } from './PlayerBar';
import { PlayerHost } from './PlayerHost';
import { getPlayer } from './player-runtime';
import { MAIN } from './testing/fixtures';
import { freshPlayer, liveApi, useLiveTimers } from './testing/player-test-utils';
import type { ScriptedEngine } from './testing/scripted-engine';
import { reloadVolumeFromStorage } from './volume-store';

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer();
  mockApi();
  reloadVolumeFromStorage();
});

function renderBar(route = '/') {
  return render(
    <>
      <PlayerHost />
      <PlayerBar />
    </>,
    { route },
  );
}

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

  it('the volume reaches the engine as a gain, and follows the store', async () => {
    const user = userEvent.setup();
    renderBar();
    expect(engine.volume).toBe(0.8);
    await user.click(screen.getByRole('button', { name: 'Silenciar' }));
    expect(engine.volume).toBe(0);
  });
});

describe('PlayerBar with the player', () => {
  beforeEach(() => {
    useLiveTimers();
    mockApi(liveApi());
  });

  function user() {
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  }

  it('shows what is on air with its cover 150, the stream and the like/dislike', async () => {
    renderBar();
    await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
    expect(await screen.findByTestId('player-bar-title')).toHaveTextContent('Evidências');
    expect(screen.getByTestId('player-bar-subtitle')).toHaveTextContent('Chitãozinho & Xororó');
    expect(screen.getByTestId('player-bar-stream')).toHaveTextContent('Normal');
    expect(
      screen.getByTestId('player-bar').querySelector('img[src="/media/covers/evidencias-150.jpg"]'),
    ).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('player-bar-like')).toBeEnabled());
    expect(screen.getByTestId('player-bar-like')).toHaveAccessibleName('Curtir');
    expect(screen.getByTestId('player-bar-dislike')).toHaveAccessibleName('Não curtir');
  });

  it('keyboard: Tab reaches the play button; Space plays and pauses (accessible name = label)', async () => {
    renderBar();
    await waitFor(() => expect(getPlayer().getSnapshot().streamId).toBe(MAIN));
    const u = user();
    await u.tab();
    const button = screen.getByTestId('player-play-button');
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName('Tocar');
    await u.keyboard(' ');
    expect(button).toHaveAccessibleName('Carregando...');
    act(() => engine.started());
    expect(button).toHaveAccessibleName('Pausar');
    await u.keyboard('{Enter}');
    expect(button).toHaveAccessibleName('Tocar');
  });

  it('an on-demand item shows in the bar; the bar pauses and resumes it', async () => {
    renderBar();
    act(() =>
      getPlayer().playQueue([
        { id: '1', src: '/media/previews/1.mp3', title: 'Prévia', artist: 'Artista Prévia' },
      ]),
    );
    act(() => engine.started());
    expect(screen.getByTestId('player-bar-title')).toHaveTextContent('Prévia');
    expect(screen.getByTestId('player-bar-subtitle')).toHaveTextContent('Artista Prévia');
    expect(screen.getByTestId('player-bar-like')).toBeDisabled();
    const button = screen.getByTestId('player-play-button');
    await user().click(button);
    expect(button).toHaveAccessibleName('Tocar');
    await user().click(button);
    expect(engine.loads).toEqual(['/media/previews/1.mp3']);
    expect(engine.calls.at(-1)).toBe('play');
  });

  it('after the retries the error is a toast, said once: the bar does not repeat it', async () => {
    renderBar();
    await waitFor(() => expect(getPlayer().getSnapshot().streamId).toBe(MAIN));
    await user().click(screen.getByTestId('player-play-button'));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      act(() => engine.fail('network'));
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(getPlayer().getSnapshot().status).toBe('error');
    expect(await screen.findAllByText(/Não é possível tocar o stream\./)).toHaveLength(1);
    expect(screen.queryByTestId('player-bar-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('player-bar-subtitle')).toBeInTheDocument();
  });

  it('window.__ondaPlayer is a read-only snapshot getter', async () => {
    renderBar();
    await waitFor(() => expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(MAIN));
    const hook = window.__ondaPlayer;
    expect(() => {
      (window as { __ondaPlayer?: unknown }).__ondaPlayer = null;
    }).toThrow();
    expect(Object.isFrozen(hook)).toBe(true);
    expect(hook?.getSnapshot()).toMatchObject({
      status: 'paused',
      isLive: true,
      locked: true,
      src: null,
      error: null,
      retries: 0,
      ad: null,
    });
  });
});
