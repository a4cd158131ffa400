import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, routes } from '@/app/routes';
import {
  BrowserRouter,
  createMemoryRouter,
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useSearchParams,
} from './index';
import { matchRoutes, type RouteObject } from './match';
import { resolveTo } from './history';

/** The path of the leaf route that shows `pathname`. */
function leaf(table: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(table, pathname);
  return matches?.[matches.length - 1]?.route.path;
}

describe('matchRoutes', () => {
  it('ranks static over dynamic over splat, whatever the order of the table', () => {
    const table: RouteObject[] = [
      { path: '*' },
      { path: '/a1redacao/:id' },
      { path: '/a1redacao/nova' },
      { path: '/a1redacao/:id/previa' },
    ];
    expect(leaf(table, '/a1redacao/nova')).toBe('/a1redacao/nova');
    expect(leaf(table, '/a1redacao/42')).toBe('/a1redacao/:id');
    expect(leaf(table, '/a1redacao/42/previa')).toBe('/a1redacao/:id/previa');
    expect(leaf(table, '/outra/coisa')).toBe('*');
  });

  it('decodes params, ignores a trailing slash and honours caseSensitive', () => {
    const table: RouteObject[] = [
      { path: '/musicas/:slug', caseSensitive: true },
      { path: '/Sobre' },
    ];
    const [match] = matchRoutes(table, '/musicas/caf%C3%A9+jo%C3%A3o/') ?? [];
    expect(match?.params).toEqual({ slug: 'café+joão' });
    expect(leaf(table, '/MUSICAS/x')).toBeUndefined();
    expect(leaf(table, '/sobre')).toBe('/Sobre');
    // An encoded slash stays inside its segment.
    expect(matchRoutes(table, '/musicas/a%2Fb')?.[0]?.params).toEqual({ slug: 'a/b' });
    // A malformed escape is kept as it is instead of throwing.
    expect(matchRoutes(table, '/musicas/100%')?.[0]?.params).toEqual({ slug: '100%' });
  });

  it('places every page of the site as React Router did', () => {
    const page = (pathname: string) => leaf(routes, pathname);
    for (const { path } of PAGE_ROUTES) {
      const address = path.replace(/:(\w+)/g, 'x-$1');
      expect(page(address), address).toBe(path);
    }
    expect(page('/noticias/tags')).toBe('/noticias/tags');
    expect(page('/noticias/esportes')).toBe('/noticias/:slug');
    expect(page('/a1promocoes/cacas/nova')).toBe('/a1promocoes/cacas/nova');
    expect(page('/a1catalogo/parametros')).toBe('/a1catalogo/parametros');
    expect(page('/Noticias')).toBe('*');
    expect(page('/nao-existe/mesmo')).toBe('*');
  });
});

describe('resolveTo', () => {
  it('keeps the current page for a query or a hash, and resolves relative paths', () => {
    expect(resolveTo('?pagina=2', '/musicas')).toEqual({
      pathname: '/musicas',
      search: '?pagina=2',
      hash: '',
    });
    expect(resolveTo({ search: 'aba=registro' }, '/a1pessoas').search).toBe('?aba=registro');
    expect(resolveTo('#Spots', '/clientes/x')).toEqual({
      pathname: '/clientes/x',
      search: '',
      hash: '#Spots',
    });
    expect(resolveTo('../y', '/a/b').pathname).toBe('/a/y');
    expect(resolveTo('/noticias?x=1#t', '/').search).toBe('?x=1');
  });
});

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

function renderAt(path: string, table: RouteObject[]) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  const table: RouteObject[] = [
    {
      element: (
        <>
          <Link to="/noticias">Notícias</Link>
          <Link to="/" target="_blank">
            Nova aba
          </Link>
          <Link to="https://example.com/fora">Fora</Link>
          <Link to={{ search: 'pagina=2' }}>Próxima</Link>
          <Where />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <h1>Início</h1> },
        { path: '/noticias', element: <h1>Notícias</h1> },
      ],
    },
  ];

  it('goes to the page in the app on a plain click and leaves the rest to the browser', async () => {
    const router = renderAt('/', table);
    expect(screen.getByRole('link', { name: 'Fora' })).toHaveAttribute(
      'href',
      'https://example.com/fora',
    );
    expect(screen.getByRole('link', { name: 'Próxima' })).toHaveAttribute('href', '/?pagina=2');

    // A modified click, another target, another site: the browser's (not prevented).
    expect(fireEvent.click(screen.getByRole('link', { name: 'Notícias' }), { ctrlKey: true })).toBe(
      true,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'Nova aba' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Fora' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/');

    await act(async () => {
      expect(fireEvent.click(screen.getByRole('link', { name: 'Notícias' }))).toBe(false);
    });
    expect(await screen.findByRole('heading', { name: 'Notícias' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/noticias');
  });

  it('replaces the entry when it points at the current address', async () => {
    const router = renderAt('/', table);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Notícias' })));
    const { key } = router.state.location;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Notícias' })));
    // The same address, a new entry key, and Back still goes to the home page.
    expect(router.state.location.key).not.toBe(key);
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('NavLink', () => {
  it('marks the current section: aria-current and the active class, exact for the home page', () => {
    renderAt('/noticias/esportes', [
      {
        path: '*',
        element: (
          <nav>
            <NavLink to="/">Home</NavLink>
            <NavLink to="/noticias">Notícias</NavLink>
            <NavLink to="/noticias" end>
              Só notícias
            </NavLink>
            <NavLink to="/not">Not</NavLink>
          </nav>
        ),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Notícias' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Notícias' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Só notícias' })).not.toHaveAttribute('aria-current');
    // A prefix of a segment is not a section.
    expect(screen.getByRole('link', { name: 'Not' })).not.toHaveClass('active');
  });
});

function Filters() {
  const [params, setParams] = useSearchParams();
  const { slug } = useParams();
  return (
    <>
      <p data-testid="params">{`${slug ?? ''}:${params.get('busca') ?? ''}`}</p>
      <button
        type="button"
        onClick={() =>
          setParams((previous) => {
            previous.set('busca', 'rock');
            return previous;
          })
        }
      >
        Buscar
      </button>
      <button type="button" onClick={() => setParams({}, { replace: true })}>
        Limpar
      </button>
      <Where />
    </>
  );
}

describe('useSearchParams', () => {
  it('changes the query of the same page, keeping the other params', async () => {
    const router = renderAt('/musicas/x?pagina=2#topo', [
      { path: '/musicas/:slug', element: <Filters /> },
    ]);
    expect(screen.getByTestId('params')).toHaveTextContent('x:');
    await act(async () => screen.getByRole('button', { name: 'Buscar' }).click());
    expect(screen.getByTestId('where')).toHaveTextContent('/musicas/x?pagina=2&busca=rock');
    expect(screen.getByTestId('params')).toHaveTextContent('x:rock');
    await act(async () => screen.getByRole('button', { name: 'Limpar' }).click());
    expect(router.state.location.search).toBe('');
    await act(async () => router.navigate(-1));
    // 'Limpar' replaced its entry: Back goes to the page before the search.
    expect(router.state.location.search).toBe('?pagina=2');
  });
});

describe('BrowserRouter', () => {
  it('follows the address bar: its own changes, Back and a pushState from outside', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Link to="/noticias?x=1">Notícias</Link>
        <Where />
      </BrowserRouter>,
    );
    await act(async () => screen.getByRole('link', { name: 'Notícias' }).click());
    expect(window.location.pathname + window.location.search).toBe('/noticias?x=1');
    expect(screen.getByTestId('where')).toHaveTextContent('/noticias?x=1');

    await act(async () => {
      window.history.pushState(null, '', '/clientes/x#Spots');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/clientes/x#Spots');
  });
});
