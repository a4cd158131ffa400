import { describe, expect, it } from 'vitest';
import { only, resetAroundEachTest } from '@/features/backoffice/testing/setup';
import { messages } from '@/generated/validation-rules';
import { setSession } from '@/lib/session';
import { fireEvent, screen, waitFor, within } from '@/test/render';
import {
  makeArtist,
  makeItem,
  mockCatalogue,
  ok,
  page,
  refuse,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderCatalogue } from './testing/render-catalogue';

const ARTIST_CHOICES = [
  makeItem(3, { title: 'Ana Lima' }),
  makeItem(4, { title: 'Anitta' }),
  makeItem(5, { title: 'Bruno Reis' }),
];
const SONG_CHOICES = [
  makeItem(11, { title: 'Song A — Ana Lima' }),
  makeItem(12, { title: 'Song B — Anitta' }),
];

/** A server search: the items whose title holds `q`. */
const search =
  (items: ReturnType<typeof makeItem>[]): Handler =>
  (call) => {
    const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
    return ok(page(items.filter((item) => item.title.toLowerCase().includes(q))));
  };

async function openEditor(route: string, handlers: Record<string, Handler> = {}) {
  const api = mockCatalogue({
    'GET backoffice/catalogue/artists': search(ARTIST_CHOICES),
    'GET backoffice/catalogue/songs': search(SONG_CHOICES),
    ...handlers,
  });
  setSession({ user: STAFF });
  const result = renderCatalogue(route);
  await screen.findByTestId('catalogue-editor');
  return { api, ...result };
}

type CatalogueApi = ReturnType<typeof mockCatalogue>;

/**
 * Types in a searchable picker, waits for the server's answer to what was typed (the list shown
 * before it may already hold the option), and picks the server's choice.
 */
async function pick(
  api: CatalogueApi,
  collection: string,
  name: string,
  typed: string,
  option: string,
) {
  const box = screen.getByRole('textbox', { name });
  fireEvent.focus(box);
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: typed } });
  await waitFor(
    () =>
      expect(
        api
          .to('GET', `backoffice/catalogue/${collection}`)
          .some((call) => call.url.searchParams.get('q') === typed),
      ).toBe(true),
    { timeout: 3000 },
  );
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

resetAroundEachTest();

describe('the catalogue editor', () => {
  it('creates an item with every kind in the shape the server reads', async () => {
    const created = makeItem(41, { title: 'Manhã da Onda' });
    const { api } = await openEditor('/a1catalogo/programs/novo', {
      'POST backoffice/catalogue/programs': ok(created),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Novo programa' })).toBeInTheDocument();
    // A switch starts as its default (on).
    expect(screen.getByRole('switch', { name: 'Ao vivo' })).toBeChecked();

    fireEvent.change(screen.getByRole('textbox', { name: 'Título' }), {
      target: { value: '  Manhã da Onda ' },
    });
    await pick(api, 'artists', 'Apresentação', 'ana', 'Ana Lima');
    // The picker asked the server, which searches and names the items.
    const searched = api
      .to('GET', 'backoffice/catalogue/artists')
      .find((call) => call.url.searchParams.get('q') === 'ana');
    expect(searched?.url.searchParams.get('perPage')).toBe('20');
    fireEvent.click(screen.getByRole('switch', { name: 'Ao vivo' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Prioridade' }), {
      target: { value: '3' },
    });
    for (const day of ['Sexta-feira', 'Segunda-feira', 'Quarta-feira'])
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Início' }), {
      target: { value: '0600' },
    });
    expect(screen.getByRole('textbox', { name: 'Início' })).toHaveValue('06:00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Fim' }), { target: { value: '24:00' } });
    fireEvent.click(screen.getByRole('textbox', { name: 'UF' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Paraná' }));
    // Two songs, then the second picked moved up: the list keeps the order on screen.
    await pick(api, 'songs', 'Adicionar música', 'anitta', 'Song B — Anitta');
    await pick(api, 'songs', 'Adicionar música', 'song a', 'Song A — Ana Lima');
    const songs = screen.getByTestId('song-list');
    expect(
      within(songs)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['1Song B — Anitta', '2Song A — Ana Lima']);
    fireEvent.click(screen.getByRole('button', { name: 'Subir música: Song A — Ana Lima' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Cidade/UF' }), {
      target: { value: 'Curitiba/PR\n\n Londrina/PR ' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('POST', 'backoffice/catalogue/programs')).toHaveLength(1));
    expect(only(api.to('POST', 'backoffice/catalogue/programs')).body).toEqual({
      values: {
        title: 'Manhã da Onda',
        host: 3,
        isLive: false,
        rank: 3,
        weekdays: '1,3,5',
        startTime: '06:00',
        endTime: '24:00',
        state: 'PR',
        songs: [11, 12],
        locations: ['Curitiba/PR', 'Londrina/PR'],
      },
    });
    // The new item gets its own address; 'Salvo'.
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1catalogo/programs/41'),
    );
    expect(await screen.findByText(messages.CATALOGUE_SAVED)).toBeInTheDocument();
  });

  it('shows the rules under the fields, with the label, and sends nothing', async () => {
    const { api } = await openEditor('/a1catalogo/programs/novo');
    fireEvent.change(screen.getByRole('textbox', { name: 'Prioridade' }), {
      target: { value: '11' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Fim' }), { target: { value: '25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Preencha o campo Título')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Preencha o campo Dias da semana')).toBeInTheDocument();
    expect(screen.getByText('Preencha o campo Início')).toBeInTheDocument();
    expect(screen.getByText('O campo Prioridade deve estar entre 1 e 10')).toBeInTheDocument();
    expect(screen.getByText('O campo Fim é inválido')).toBeInTheDocument();
    expect(await screen.findByText('Confira os campos marcados antes de salvar.')).toBeVisible();

    // Fixing a field clears its message.
    fireEvent.change(screen.getByRole('textbox', { name: 'Título' }), { target: { value: 'Oi' } });
    expect(screen.queryByText('Preencha o campo Título')).not.toBeInTheDocument();
    expect(api.to('POST', 'backoffice/catalogue/programs')).toHaveLength(0);
  });

  it('says a text is too long with its label and limit', async () => {
    const { api } = await openEditor('/a1catalogo/artists/novo');
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), {
      target: { value: 'Anitta' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'País' }), { target: { value: 'BRA' } });
    expect(screen.getByText('3/2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('O campo País deve ter no máximo 2 caracteres'),
    ).toBeInTheDocument();
    expect(api.to('POST', 'backoffice/catalogue/artists')).toHaveLength(0);
  });

  it("shows the server's 400, which names the field, above the form", async () => {
    await openEditor('/a1catalogo/artists/novo', {
      'POST backoffice/catalogue/artists': refuse('Já existe um item com este valor em Nome', 400),
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), {
      target: { value: 'Anitta' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByTestId('server-alert');
    expect(alert).toHaveTextContent('Já existe um item com este valor em Nome');
    expect(screen.getByTestId('address')).toHaveTextContent('/a1catalogo/artists/novo');
  });

  it('opens a stored item, links to its page and saves it with PUT (Ctrl+S too)', async () => {
    const stored = makeArtist(1, { isFeatured: true });
    const { api } = await openEditor('/a1catalogo/artists/1', {
      'GET backoffice/catalogue/artists/1': ok(stored),
      'PUT backoffice/catalogue/artists/1': (call) =>
        ok({ ...stored, values: (call.body as { values: Record<string, unknown> }).values }),
    });
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Artista 1');
    expect(screen.getByRole('switch', { name: 'Destaque' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Foto (quadrada)' })).toHaveAttribute(
      'src',
      '/media/uploads/artista-1?w=640',
    );
    expect(screen.getByRole('link', { name: 'Ver no site' })).toHaveAttribute(
      'href',
      '/artistas/artista-1',
    );
    expect(screen.getByText('Código de duas letras: BR, US, GB…')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), {
      target: { value: 'Artista Um' },
    });
    expect(screen.getByTestId('unsaved')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.to('PUT', 'backoffice/catalogue/artists/1')).toHaveLength(1));
    expect(only(api.to('PUT', 'backoffice/catalogue/artists/1')).body).toEqual({
      values: {
        name: 'Artista Um',
        country: 'BR',
        imageUrl: '/media/uploads/artista-1',
        isFeatured: true,
      },
    });
    await waitFor(() => expect(screen.queryByTestId('unsaved')).not.toBeInTheDocument());
  });

  it("starts a reference with the item's label and keeps it when nothing changes", async () => {
    const song = makeItem(7, {
      title: 'Asa Branca — Luiz Gonzaga',
      values: { name: 'Asa Branca', artistId: 9 },
      labels: { artistId: 'Luiz Gonzaga' },
    });
    const { api } = await openEditor('/a1catalogo/songs/7', {
      'GET backoffice/catalogue/songs/7': ok(song),
      'PUT backoffice/catalogue/songs/7': ok(song),
    });
    expect(screen.getByRole('textbox', { name: 'Artista' })).toHaveValue('Luiz Gonzaga');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('PUT', 'backoffice/catalogue/songs/7')).toHaveLength(1));
    expect(only(api.to('PUT', 'backoffice/catalogue/songs/7')).body).toEqual({
      values: { name: 'Asa Branca', artistId: 9 },
    });
  });

  it('shows the 409 of a refused delete', async () => {
    const { api } = await openEditor('/a1catalogo/artists/1', {
      'GET backoffice/catalogue/artists/1': ok(makeArtist(1)),
      'DELETE backoffice/catalogue/artists/1': refuse(messages.CATALOGUE_IN_USE, 409),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este item?' });
    expect(within(dialog).getByText('Artista 1')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByTestId('server-alert')).toHaveTextContent(messages.CATALOGUE_IN_USE);
    expect(api.to('DELETE', 'backoffice/catalogue/artists/1')).toHaveLength(1);
    expect(screen.getByTestId('address')).toHaveTextContent('/a1catalogo/artists/1');
  });

  it('deletes an item and goes back to the list', async () => {
    await openEditor('/a1catalogo/artists/1', {
      'GET backoffice/catalogue/artists/1': ok(makeArtist(1)),
      'DELETE backoffice/catalogue/artists/1': ok(null),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1catalogo\/artists$/),
    );
    expect(await screen.findByText(messages.CATALOGUE_DELETED)).toBeInTheDocument();
  });

  it("offers no 'Excluir' in a fixed collection, and no new item", async () => {
    await openEditor('/a1catalogo/legal/1', {
      'GET backoffice/catalogue/legal/1': ok(
        makeItem(1, {
          slug: 'privacidade',
          title: 'Privacidade',
          values: { title: 'Privacidade' },
        }),
      ),
    });
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Privacidade');
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver no site' })).toHaveAttribute(
      'href',
      '/termos/privacidade',
    );
  });

  it('refuses /novo of a fixed collection', async () => {
    mockCatalogue();
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo/legal/novo');
    expect(await screen.findByTestId('fixed-collection')).toHaveTextContent(
      messages.CATALOGUE_FIXED,
    );
  });

  it('says so for an item that is gone', async () => {
    mockCatalogue({ 'GET backoffice/catalogue/artists/99': refuse('not found', 404) });
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo/artists/99');
    expect(await screen.findByTestId('item-not-found')).toBeInTheDocument();
  });
});
