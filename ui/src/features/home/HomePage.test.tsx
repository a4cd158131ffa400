import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN } from '@/features/player/testing/fixtures';
import { freshPlayer, liveApi, useLiveTimers } from '@/features/player/testing/player-test-utils';
import type { ScriptedEngine } from '@/features/player/testing/scripted-engine';
import { mockApi } from '@/test/api-mock';
import { renderRoute, screen, userEvent, waitFor } from '@/test/render';

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer();
  useLiveTimers();
});

describe('home hero', () => {
  it("'Ouvir ao vivo' opens the live page and starts the radio with the same click", async () => {
    mockApi(liveApi());
    const { router } = renderRoute('/');
    const button = await screen.findByRole('link', { name: 'Ouvir ao vivo' });
    await waitFor(() => expect(window.__ondaPlayer?.getSnapshot().streamId).toBe(MAIN));
    expect(engine.loads).toHaveLength(0);

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    expect(router.state.location.pathname).toBe('/ouvir-radio-online');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(window.__ondaPlayer?.getSnapshot().shouldBePlaying).toBe(true);
  });
});
