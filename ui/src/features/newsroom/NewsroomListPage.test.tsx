import { describe, expect, it } from 'vitest';
import { nth, resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { getLoginModalState } from '@/features/auth/login-modal-store';
import { setSession } from '@/lib/session';
import { act, fireEvent, screen, waitFor, within } from '@/test/render';
import {
  JOURNALIST_STAFF,
  listPage,
  makeRow,
  mockNewsroom,
  ok,
  permissions,
  refuse,
} from './testing/fixtures';
import { renderNewsroom } from './testing/render-newsroom';

const NEWS = 'backoffice/news';

async function openList(route = '/a1redacao') {
  setSession({ user: JOURNALIST_STAFF });
  const result = renderNewsroom(route);
  await screen.findByTestId('newsroom');
  return result;
}

resetAroundEachTest();

describe('/a1redacao access', () => {
  it('without a session: the login prompt, and no back-office call', async () => {
    const api = mockNewsroom();
    setSession(null);
    renderNewsroom('/a1redacao');
    expect(screen.getByTestId('newsroom-login-required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().params.notice).toBe(
      'Você precisa estar logado para entrar na redação.',
    );
    await act(() => new Promise((done) => setTimeout(done, 30)));
    expect(api.backoffice()).toHaveLength(0);
  });

  it('without permission 5: the no-permission state, and the list is never asked', async () => {
    const api = mockNewsroom({ 'stats/getUserPermissions': ok(permissions([1, 4])) });
    setSession({ user: JOURNALIST_STAFF });
    renderNewsroom('/a1redacao');
    expect(await screen.findByTestId('newsroom-no-permission')).toHaveTextContent(
      'Você não tem permissão para entrar na redação.',
    );
    expect(api.backoffice()).toHaveLength(0);
  });

  it('a 403 from the list (a permission taken away) shows the same state', async () => {
    mockNewsroom({ [NEWS]: refuse('no permission', 403) });
    await openList();
    expect(await screen.findByTestId('newsroom-no-permission')).toBeInTheDocument();
  });

  it('the editor and the preview are gated the same way', async () => {
    const api = mockNewsroom({ 'stats/getUserPermissions': ok(permissions([])) });
    setSession({ user: JOURNALIST_STAFF });
    renderNewsroom('/a1redacao/nova');
    expect(await screen.findByTestId('newsroom-no-permission')).toBeInTheDocument();
    expect(screen.queryByTestId('news-editor')).not.toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });
});

describe('/a1redacao list', () => {
  it('asks the first page and shows each row: cover, title, category, state, author, date, views, PRO', async () => {
    const api = mockNewsroom({
      [NEWS]: ok(
        listPage(
          [
            makeRow(12, { title: 'Show gratuito no parque', isPro: true, views: 15320 }),
            makeRow(11, {
              title: 'Festival anuncia atrações',
              state: 'scheduled',
              publishAt: '2026-12-01T08:00:00-03:00',
            }),
            makeRow(10, {
              title: 'Rascunho sem capa',
              state: 'draft',
              publishAt: null,
              imageUrl: '',
              updatedAt: '2026-11-25T18:45:00-03:00',
            }),
          ],
          { total: 3 },
        ),
      ),
    });
    await openList();
    const table = await screen.findByTestId('newsroom-table');
    const first = nth(api.to('GET', NEWS), 0).url;
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '1', perPage: '20' });
    expect(screen.getByTestId('newsroom-total')).toHaveTextContent('1–3 de 3 notícias');

    const show = within(table).getByTestId('newsroom-row-12');
    expect(within(show).getByRole('link', { name: 'Show gratuito no parque' })).toHaveAttribute(
      'href',
      '/a1redacao/12',
    );
    expect(show).toHaveTextContent('Música');
    expect(within(show).getByTestId('news-state')).toHaveTextContent('Publicada');
    expect(show).toHaveTextContent('Ana Lima');
    expect(show).toHaveTextContent('Publicada em 20/11/2026 09:30');
    expect(show).toHaveTextContent('15.320');
    expect(show).toHaveTextContent('PRO');
    expect(show.querySelector('img')).toHaveAttribute('src', '/media/uploads/capa-12?w=320');

    const scheduled = screen.getByTestId('newsroom-row-11');
    expect(within(scheduled).getByTestId('news-state')).toHaveTextContent('Agendada');
    expect(scheduled).toHaveTextContent('Agendada para 01/12/2026 08:00');
    expect(scheduled).not.toHaveTextContent('PRO');

    const draft = screen.getByTestId('newsroom-row-10');
    expect(within(draft).getByTestId('news-state')).toHaveTextContent('Rascunho');
    expect(draft).toHaveTextContent('Alterada em 25/11/2026 18:45');
    expect(draft.querySelector('img')).toBeNull();
    expect(draft).toHaveTextContent('Sem capa');

    expect(screen.getByRole('link', { name: 'Nova notícia' })).toHaveAttribute(
      'href',
      '/a1redacao/nova',
    );
  });

  it('reads the filters from the address and sends them to the server', async () => {
    const api = mockNewsroom({ [NEWS]: ok(listPage([makeRow(1)], { total: 41, page: 3 })) });
    await openList('/a1redacao?q=chuva&editoria=2&estado=scheduled&jornalista=3&pagina=3');
    await screen.findByTestId('newsroom-row-1');
    expect(Object.fromEntries(nth(api.to('GET', NEWS), 0).url.searchParams)).toEqual({
      q: 'chuva',
      category: '2',
      state: 'scheduled',
      journalist: '3',
      page: '3',
      perPage: '20',
    });
    expect(screen.getByLabelText('Buscar notícias')).toHaveValue('chuva');
    expect(screen.getByTestId('newsroom-total')).toHaveTextContent('41–41 de 41 notícias');
  });

  it('the search box goes to the address when typing pauses, and starts again at page 1', async () => {
    const api = mockNewsroom({ [NEWS]: ok(listPage([makeRow(1)], { total: 60 })) });
    await openList('/a1redacao?pagina=2');
    await screen.findByTestId('newsroom-row-1');
    fireEvent.change(screen.getByLabelText('Buscar notícias'), {
      target: { value: 'enchente' },
    });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('q=enchente'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao?q=enchente');
    await waitFor(() =>
      expect(nth(api.to('GET', NEWS), -1).url.searchParams.get('q')).toBe('enchente'),
    );
    expect(nth(api.to('GET', NEWS), -1).url.searchParams.get('page')).toBe('1');
  });

  it('choosing a state puts it in the address and asks the server', async () => {
    const api = mockNewsroom({ [NEWS]: ok(listPage([makeRow(1)])) });
    await openList();
    await screen.findByTestId('newsroom-row-1');
    fireEvent.click(screen.getByRole('textbox', { name: 'Estado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Despublicada' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao?estado=unpublished'),
    );
    await waitFor(() =>
      expect(nth(api.to('GET', NEWS), -1).url.searchParams.get('state')).toBe('unpublished'),
    );

    fireEvent.click(screen.getByRole('textbox', { name: 'Editoria' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Economia' }));
    await waitFor(() =>
      expect(nth(api.to('GET', NEWS), -1).url.searchParams.get('category')).toBe('2'),
    );
    expect(screen.getByTestId('address')).toHaveTextContent('editoria=2&estado=unpublished');
  });

  it('paging asks the next page', async () => {
    const api = mockNewsroom({
      [NEWS]: ({ url }) =>
        ok(
          listPage([makeRow(Number(url.searchParams.get('page')))], {
            total: 45,
            page: Number(url.searchParams.get('page')),
          }),
        ),
    });
    await openList();
    await screen.findByTestId('newsroom-row-1');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByTestId('newsroom-row-2')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao?pagina=2');
    expect(nth(api.to('GET', NEWS), -1).url.searchParams.get('page')).toBe('2');
    expect(screen.getByTestId('newsroom-total')).toHaveTextContent('21–40 de 45 notícias');
  });

  it("nothing found: 'Nenhuma notícia encontrada' and a way to clear the filters", async () => {
    const api = mockNewsroom({
      [NEWS]: ({ url }) => ok(url.searchParams.has('q') ? listPage([]) : listPage([makeRow(5)])),
    });
    await openList('/a1redacao?q=xyz&estado=draft');
    const empty = await screen.findByTestId('newsroom-empty');
    expect(empty).toHaveTextContent('Nenhuma notícia encontrada');
    fireEvent.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByTestId('newsroom-row-5')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1redacao$/);
    expect(screen.getByLabelText('Buscar notícias')).toHaveValue('');
    expect(Object.fromEntries(nth(api.to('GET', NEWS), -1).url.searchParams)).toEqual({
      page: '1',
      perPage: '20',
    });
  });

  it('shows skeletons while the list loads', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockNewsroom({ [NEWS]: () => new Promise((done) => (answer = done)) });
    await openList();
    expect(await screen.findByTestId('newsroom-loading')).toBeInTheDocument();
    await act(async () => answer(ok(listPage([makeRow(1)]))));
    expect(await screen.findByTestId('newsroom-row-1')).toBeInTheDocument();
    expect(screen.queryByTestId('newsroom-loading')).not.toBeInTheDocument();
  });

  it('a failed list offers a retry', async () => {
    let fail = true;
    const api = mockNewsroom({
      [NEWS]: () => (fail ? refuse('internal error', 500) : ok(listPage([makeRow(1)]))),
    });
    await openList();
    const error = await screen.findByTestId('newsroom-list-error');
    expect(error).toHaveTextContent('Não foi possível carregar as notícias.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('newsroom-row-1')).toBeInTheDocument();
    expect(api.to('GET', NEWS)).toHaveLength(2);
  });

  it('on a phone the rows are stacked cards, each linking to the editor', async () => {
    setWidth(375);
    mockNewsroom({ [NEWS]: ok(listPage([makeRow(8, { title: 'Chuva forte em Curitiba' })])) });
    await openList();
    const cards = await screen.findByTestId('newsroom-cards');
    expect(screen.queryByTestId('newsroom-table')).not.toBeInTheDocument();
    const card = within(cards).getByTestId('newsroom-row-8');
    expect(within(card).getByRole('link', { name: 'Chuva forte em Curitiba' })).toHaveAttribute(
      'href',
      '/a1redacao/8',
    );
    expect(card).toHaveTextContent('Publicada');
    expect(card).toHaveTextContent('1.234');
  });
});
