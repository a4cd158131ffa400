import { describe, expect, it } from 'vitest';
import { bodyOf, only, resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { setSession } from '@/lib/session';
import { screen, userEvent, waitFor, within } from '@/test/render';
import {
  makePlaylist,
  makeTrack,
  mockSchedule,
  ok,
  permissions,
  PLAYLISTS,
  refuse,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderSchedule } from './testing/render-schedule';

async function open(route: string, handlers: Record<string, Handler> = {}, width = 1280) {
  setWidth(width);
  const api = mockSchedule(handlers);
  setSession({ user: STAFF });
  const view = renderSchedule(route);
  return { api, ...view };
}

const trackLabels = () =>
  within(screen.getByTestId('track-list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span:nth-of-type(2)')?.textContent ?? item.textContent);

resetAroundEachTest();

describe('/a1programacao/playlists/lista', () => {
  it('lists the playlists with their tracks, uses and last change', async () => {
    await open('/a1programacao/playlists/lista');
    const table = await screen.findByTestId('playlists-table');
    const row = within(table).getByTestId('playlist-row-11');
    expect(within(row).getByRole('link', { name: 'Pop nacional' })).toHaveAttribute(
      'href',
      '/a1programacao/playlists/11',
    );
    expect(row).toHaveTextContent('120');
    expect(row).toHaveTextContent('3 usos');
    expect(row).toHaveTextContent('25/11/2026 09:00');
    expect(within(table).getByTestId('playlist-row-10')).toHaveTextContent('Nenhum horário');
    expect(screen.getByRole('link', { name: 'Nova playlist' })).toHaveAttribute(
      'href',
      '/a1programacao/playlists/nova',
    );
  });

  it('is where /a1programacao/playlists goes', async () => {
    await open('/a1programacao/playlists');
    expect(await screen.findByTestId('playlists-table')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1programacao/playlists/lista');
  });

  it('shows cards on a phone', async () => {
    await open('/a1programacao/playlists/lista', {}, 375);
    const cards = await screen.findByTestId('playlists-cards');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
  });

  it("shows 'sem permissão' without the catalogue's permission", async () => {
    const { api } = await open('/a1programacao/playlists/lista', {
      'stats/getUserPermissions': ok(permissions([4])),
    });
    expect(await screen.findByTestId('schedule-no-permission')).toBeInTheDocument();
    expect(api.to('GET', PLAYLISTS)).toHaveLength(0);
  });
});

describe('the playlist editor', () => {
  it('adds, removes and reorders tracks, then saves them in order with the version', async () => {
    const candidates = [
      makeTrack(4, { label: 'Anitta - Envolver' }),
      {
        songId: null,
        filePath: 'acervo/anitta-ao-vivo.mp3',
        label: 'anitta-ao-vivo.mp3',
        playable: false,
      },
      // Already in the playlist: offered, not added twice.
      makeTrack(1),
    ];
    const { api } = await open('/a1programacao/playlists/11', {
      [`GET ${PLAYLISTS}/tracks`]: (call) =>
        call.url.searchParams.get('q') === 'anitta' ? ok(candidates) : ok([]),
      [`PUT ${PLAYLISTS}/11`]: (call) => {
        const body = bodyOf(call);
        return ok(makePlaylist(11, { ...body, version: 8 } as never));
      },
    });
    await screen.findByTestId('playlist-editor');
    expect(screen.getByTestId('field-name')).toHaveValue('Pop nacional');
    expect(trackLabels()).toEqual([
      'Artista 1 - Música 1',
      'Artista 2 - Música 2',
      'Artista 3 - Música 3',
    ]);

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: /Buscar músicas/ }), 'anitta{Enter}');
    const found = await screen.findByTestId('track-candidates');
    expect(within(found).getByRole('button', { name: 'Na playlist' })).toBeDisabled();
    await user.click(within(found).getByRole('button', { name: 'Adicionar Anitta - Envolver' }));
    await user.click(within(found).getByRole('button', { name: 'Adicionar anitta-ao-vivo.mp3' }));
    const list = screen.getByTestId('track-list');
    // The file the radio has no audio for is marked.
    expect(within(list).getAllByText('Sem áudio')).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Remover: Artista 2 - Música 2' }));
    // Reorder with the keyboard: focus 'Subir' and press Enter.
    within(list).getByRole('button', { name: 'Subir: Anitta - Envolver' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Descer: Artista 1 - Música 1' }));
    expect(trackLabels()).toEqual([
      'Anitta - Envolver',
      'Artista 1 - Música 1',
      'Artista 3 - Música 3',
      'anitta-ao-vivo.mp3',
    ]);
    expect(screen.getByTestId('unsaved')).toBeInTheDocument();

    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(api.to('PUT', `${PLAYLISTS}/11`)).toHaveLength(1));
    expect(bodyOf(only(api.to('PUT', `${PLAYLISTS}/11`)))).toEqual({
      name: 'Pop nacional',
      description: 'Para as tardes',
      songSeparationMinutes: 180,
      artistSeparationMinutes: 30,
      jingleEvery: 4,
      tracks: [
        { songId: 4, filePath: null },
        { songId: 1, filePath: null },
        { songId: 3, filePath: null },
        { songId: null, filePath: 'acervo/anitta-ao-vivo.mp3' },
      ],
      version: 7,
    });
    expect(await screen.findByText('Playlist salva.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('unsaved')).not.toBeInTheDocument());
  });

  it('creates a playlist with the default rules and moves to its address', async () => {
    const { api } = await open('/a1programacao/playlists/nova', {
      [`POST ${PLAYLISTS}`]: (call) =>
        ok(makePlaylist(30, { ...bodyOf(call), tracks: [] } as never)),
      [`GET ${PLAYLISTS}/30`]: ok(makePlaylist(30, { name: 'Madrugada', tracks: [] })),
    });
    await screen.findByTestId('playlist-editor');
    expect(screen.getByTestId('field-songSeparationMinutes')).toHaveValue('180 min');
    expect(screen.getByTestId('field-jingleEvery')).toHaveValue('4');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByText('Dê um nome à playlist.')).toBeInTheDocument();
    expect(api.to('POST', PLAYLISTS)).toHaveLength(0);

    await user.type(screen.getByTestId('field-name'), 'Madrugada');
    await user.click(screen.getByTestId('save'));
    await waitFor(() => expect(api.to('POST', PLAYLISTS)).toHaveLength(1));
    expect(bodyOf(only(api.to('POST', PLAYLISTS)))).toEqual({
      name: 'Madrugada',
      description: '',
      songSeparationMinutes: 180,
      artistSeparationMinutes: 30,
      jingleEvery: 4,
      tracks: [],
      version: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1programacao/playlists/30'),
    );
  });

  it('says a playlist the server does not know is gone', async () => {
    await open('/a1programacao/playlists/99', {
      [`GET ${PLAYLISTS}/99`]: refuse('not found', 404),
    });
    expect(await screen.findByTestId('playlist-not-found')).toHaveTextContent(
      'Esta playlist não existe mais.',
    );
  });

  it('shows the stale alert on a 409 save', async () => {
    await open('/a1programacao/playlists/11', {
      [`PUT ${PLAYLISTS}/11`]: refuse('Versão antiga', 409),
    });
    await screen.findByTestId('playlist-editor');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByTestId('stale-alert')).toHaveTextContent('Esta playlist mudou');
  });

  it("tells why a playlist in use cannot be deleted (the server's 409)", async () => {
    const inUse = 'Esta playlist é usada por 3 horários da grade.';
    const { api } = await open('/a1programacao/playlists/11', {
      [`DELETE ${PLAYLISTS}/11`]: refuse(inUse, 409),
    });
    await screen.findByTestId('playlist-editor');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    expect(api.to('DELETE', `${PLAYLISTS}/11`)).toHaveLength(1);
    expect(screen.getByTestId('address')).toHaveTextContent('/a1programacao/playlists/11');
  });
});
