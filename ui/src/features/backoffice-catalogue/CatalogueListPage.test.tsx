import { describe, expect, it } from 'vitest';
import { resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
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

const LIST = 'GET backoffice/catalogue/artists';

async function openList(route: string, handlers: Record<string, Handler> = {}) {
  const api = mockCatalogue(handlers);
  setSession({ user: STAFF });
  const result = renderCatalogue(route);
  await screen.findByTestId('catalogue-collection');
  return { api, ...result };
}

const listCalls = (api: ReturnType<typeof mockCatalogue>, key = 'artists') =>
  api.to('GET', `backoffice/catalogue/${key}`);

resetAroundEachTest();

describe('/a1catalogo/:key', () => {
  it('draws the title and the listed columns: thumbnails, badges and reference labels', async () => {
    await openList('/a1catalogo/artists', {
      [LIST]: ok(page([makeArtist(1, { isFeatured: true }), makeArtist(2, { imageUrl: '' })])),
    });
    const table = await screen.findByTestId('catalogue-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Ordem', 'Nome', 'Foto (quadrada)', 'Destaque']);
    const row = screen.getByTestId('row-1');
    expect(within(row).getByRole('link', { name: 'Artista 1' })).toHaveAttribute(
      'href',
      '/a1catalogo/artists/1',
    );
    expect(within(row).getByRole('img', { name: 'Foto (quadrada): Artista 1' })).toHaveAttribute(
      'src',
      '/media/uploads/artista-1?w=320',
    );
    expect(screen.getByTestId('cell-isFeatured-1')).toHaveTextContent('Sim');
    expect(screen.getByTestId('cell-isFeatured-2')).toHaveTextContent('Não');
    expect(within(screen.getByTestId('row-2')).getByText('Sem imagem')).toBeInTheDocument();
    // Not listed: the country.
    expect(screen.queryByText('BR')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo artista' })).toHaveAttribute(
      'href',
      '/a1catalogo/artists/novo',
    );
  });

  it("shows a reference's title from the item's labels", async () => {
    await openList('/a1catalogo/songs', {
      'GET backoffice/catalogue/songs': ok(
        page([
          makeItem(7, {
            title: 'Asa Branca — Luiz Gonzaga',
            values: { name: 'Asa Branca', artistId: 3 },
            labels: { artistId: 'Luiz Gonzaga' },
          }),
        ]),
      ),
    });
    expect(await screen.findByTestId('cell-artistId-7')).toHaveTextContent('Luiz Gonzaga');
    expect(screen.getByRole('link', { name: 'Nova música' })).toBeInTheDocument();
    // Not ordered: no move buttons.
    expect(screen.queryByRole('button', { name: 'Mover para cima' })).not.toBeInTheDocument();
  });

  it('sends the search as q (on Enter, and when typing pauses) and starts again at page 1', async () => {
    const { api } = await openList('/a1catalogo/artists?pagina=2', {
      [LIST]: ok(page([makeArtist(1)], { total: 30, page: 2 })),
    });
    await screen.findByTestId('catalogue-table');
    expect(listCalls(api)[0]?.url.searchParams.get('page')).toBe('2');

    const box = screen.getByRole('searchbox', { name: 'Buscar artistas' });
    fireEvent.change(box, { target: { value: 'ana' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(listCalls(api).some((call) => call.url.searchParams.get('q') === 'ana')).toBe(true),
    );
    const searched = listCalls(api).find((call) => call.url.searchParams.get('q') === 'ana');
    expect(searched?.url.searchParams.get('page')).toBe('1');
    expect(searched?.url.searchParams.get('perPage')).toBe('20');
    expect(screen.getByTestId('address')).toHaveTextContent('/a1catalogo/artists?q=ana');

    fireEvent.change(box, { target: { value: 'anitta' } });
    await waitFor(
      () =>
        expect(listCalls(api).some((call) => call.url.searchParams.get('q') === 'anitta')).toBe(
          true,
        ),
      { timeout: 3000 },
    );
  });

  it('pages through the list', async () => {
    const { api } = await openList('/a1catalogo/artists', {
      [LIST]: (call) =>
        ok(
          page([makeArtist(Number(call.url.searchParams.get('page')) * 100)], {
            total: 45,
            page: Number(call.url.searchParams.get('page')),
          }),
        ),
    });
    await screen.findByTestId('row-100');
    expect(screen.getByTestId('catalogue-total')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByTestId('row-200')).toBeInTheDocument();
    expect(listCalls(api).at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByTestId('address')).toHaveTextContent('/a1catalogo/artists?pagina=2');
  });

  it('moves an item of an ordered collection up with POST move {by: -1}', async () => {
    const { api } = await openList('/a1catalogo/artists', {
      [LIST]: ok(page([makeArtist(1), makeArtist(2), makeArtist(3)])),
      'POST backoffice/catalogue/artists/2/move': ok(null),
    });
    await screen.findByTestId('catalogue-table');
    const ups = screen.getAllByRole('button', { name: 'Mover para cima' });
    const downs = screen.getAllByRole('button', { name: 'Mover para baixo' });
    // The first cannot go up, the last cannot go down.
    expect(ups[0]).toBeDisabled();
    expect(downs[2]).toBeDisabled();
    const before = listCalls(api).length;
    fireEvent.click(
      within(screen.getByTestId('row-2')).getByRole('button', { name: 'Mover para cima' }),
    );
    await waitFor(() =>
      expect(api.to('POST', 'backoffice/catalogue/artists/2/move')).toHaveLength(1),
    );
    expect(api.to('POST', 'backoffice/catalogue/artists/2/move')[0]?.body).toEqual({ by: -1 });
    // The list is asked again, in its new order.
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(before));
  });

  it("says 'Nenhum item encontrado.' for an empty page", async () => {
    await openList('/a1catalogo/artists?q=zzz', { [LIST]: ok(page([])) });
    expect(await screen.findByTestId('catalogue-empty')).toHaveTextContent(
      'Nenhum item encontrado.',
    );
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    await openList('/a1catalogo/artists', {
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? refuse('falhou', 500) : ok(page([makeArtist(1)]));
      },
    });
    const error = await screen.findByTestId('catalogue-list-error');
    expect(error).toHaveTextContent('Não foi possível carregar a lista.');
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('row-1')).toBeInTheDocument();
  });

  it("offers no 'Novo' for a fixed collection", async () => {
    await openList('/a1catalogo/legal', {
      'GET backoffice/catalogue/legal': ok(page([makeItem(1, { title: 'Privacidade' })])),
    });
    expect(await screen.findByRole('link', { name: 'Privacidade' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Novo/ })).not.toBeInTheDocument();
  });

  it('shows cards on a phone', async () => {
    setWidth(360);
    window.dispatchEvent(new Event('resize'));
    await openList('/a1catalogo/artists', {
      [LIST]: ok(page([makeArtist(1, { isFeatured: true })])),
    });
    const cards = await screen.findByTestId('catalogue-cards');
    expect(within(cards).getByRole('link', { name: 'Artista 1' })).toBeInTheDocument();
    expect(within(cards).getByText('Sim')).toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: 'Mover para cima' })).toBeDisabled();
  });

  it('says so for a collection the spec does not hold', async () => {
    mockCatalogue();
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo/nada');
    expect(await screen.findByTestId('unknown-collection')).toBeInTheDocument();
  });
});
