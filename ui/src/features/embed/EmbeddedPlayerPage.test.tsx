import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_PLAYING_FIRST_MS } from '@/lib/constants';
import { mockApi, TEST_APP_PARAMETERS, TEST_STATION } from '@/test/api-mock';
import { act, renderRoute, screen, userEvent, waitFor, within } from '@/test/render';
import { getPlayer } from '@/features/player/player-runtime';
import { MAIN } from '@/features/player/testing/fixtures';
import { freshPlayer, liveApi, useLiveTimers } from '@/features/player/testing/player-test-utils';
import type { ScriptedEngine } from '@/features/player/testing/scripted-engine';
import { EMBED_PLAYER_PATH, embedSnippet } from './embed';

let engine: ScriptedEngine;

beforeEach(() => {
  engine = freshPlayer();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the embeddable player (/player-incorporado)', () => {
  beforeEach(() => {
    useLiveTimers();
    mockApi(liveApi());
  });

  it('is the site player without the site: logo, what is on air, play/pause of the live radio, volume', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute(EMBED_PLAYER_PATH);
    const player = await screen.findByTestId('embed-player');
    // No shell: no skip link, header, footer, bottom player bar.
    expect(screen.queryByText('Pular para o conteúdo')).not.toBeInTheDocument();
    expect(screen.queryByTestId('player-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // The station logo from the app parameters, opening the site in a new tab.
    const logo = await within(player).findByRole('img', { name: TEST_APP_PARAMETERS.logo.alt });
    expect(logo).toHaveAttribute('src', TEST_APP_PARAMETERS.logo.url);
    expect(logo.closest('a')).toHaveAttribute('target', '_blank');

    // What is on air, from the now-playing service.
    await act(() => vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS));
    expect(await screen.findByTestId('embed-song')).toHaveTextContent('Evidências');
    expect(screen.getByTestId('embed-artist')).toHaveTextContent('Chitãozinho & Xororó');

    // Play/pause of the live main stream, through the one player machine.
    await waitFor(() => expect(getPlayer().getSnapshot().streamId).toBe(MAIN));
    const button = screen.getByTestId('player-play-button');
    expect(button).toHaveAccessibleName('Tocar');
    await user.click(button);
    expect(button).toHaveAccessibleName('Carregando...');
    act(() => engine.started());
    expect(button).toHaveAccessibleName('Pausar');
    expect(getPlayer().getSnapshot()).toMatchObject({ isLive: true, shouldBePlaying: true });
    expect(engine.loads.at(-1)).toContain(`/stream/${MAIN}`);
    await user.click(button);
    expect(button).toHaveAccessibleName('Tocar');
    expect(getPlayer().getSnapshot().shouldBePlaying).toBe(false);

    // The volume reaches the engine.
    await user.click(screen.getByRole('button', { name: 'Silenciar' }));
    expect(engine.volume).toBe(0);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('/incorporar-player offers the iframe', () => {
  it('shows the player in a preview iframe and its code with a copy button', async () => {
    mockApi();
    const user = userEvent.setup();
    renderRoute('/incorporar-player');
    const section = await screen.findByTestId('embed-iframe');
    const preview = section.querySelector('iframe');
    expect(preview).toHaveAttribute('src', EMBED_PLAYER_PATH);
    const expected = embedSnippet(TEST_STATION.publicUrl, TEST_STATION.name);
    expect(expected).toBe(
      '<iframe src="https://teste.example/player-incorporado" title="Player da Rádio Teste FM" ' +
        'width="100%" height="200" style="max-width:480px;border:0" ' +
        'allow="autoplay; encrypted-media" loading="lazy"></iframe>',
    );
    await waitFor(() =>
      expect(screen.getByTestId('embed-iframe-code')).toHaveTextContent(expected),
    );
    await user.click(within(section).getByRole('button', { name: 'Copiar código' }));
    expect(await within(section).findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(expected);
    // The banners are still offered.
    expect(screen.getAllByTestId('banner')).toHaveLength(4);
  });

  it('escapes what goes into the snippet', () => {
    expect(embedSnippet('https://x.example', 'A "B" <C>')).toContain(
      'title="Player da A &quot;B&quot; &lt;C>"',
    );
  });
});
