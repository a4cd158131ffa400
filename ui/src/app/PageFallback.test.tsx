import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { lazyNamed } from '@/lib/lazy';
import { createTestQueryClient } from '@/test/render';
import { PAGE_FALLBACK_SPINNER_DELAY_MS, PageOutlet } from './PageFallback';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

function Shell() {
  return (
    <>
      <header>cabeçalho</header>
      <main>
        <Outlet />
      </main>
      <footer>rodapé</footer>
    </>
  );
}

function Home() {
  return (
    <>
      <h1>Início</h1>
      <Link to="/noticias">Notícias</Link>
    </>
  );
}

function News() {
  return <h1>Notícias</h1>;
}

function renderSite(path: string) {
  const homeChunk = deferred<{ Home: typeof Home }>();
  const newsChunk = deferred<{ News: typeof News }>();
  const LazyHome = lazyNamed(() => homeChunk.promise, 'Home');
  const LazyNews = lazyNamed(() => newsChunk.promise, 'News');
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            element: <PageOutlet />,
            children: [
              { path: '/', element: <LazyHome /> },
              { path: '/noticias', element: <LazyNews /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider env="test" queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, homeChunk, newsChunk };
}

describe('pages loaded on demand', () => {
  it('a direct visit shows the shell at once and the page when its chunk arrives', async () => {
    vi.useFakeTimers();
    const { homeChunk } = renderSite('/');
    expect(screen.getByText('cabeçalho')).toBeInTheDocument();
    expect(screen.getByText('rodapé')).toBeInTheDocument();
    const fallback = screen.getByTestId('page-fallback');
    expect(fallback).toHaveAttribute('aria-busy', 'true');
    // A quick chunk shows no spinner; a slow one does.
    await act(() => vi.advanceTimersByTimeAsync(PAGE_FALLBACK_SPINNER_DELAY_MS - 50));
    expect(screen.queryByLabelText('Carregando a página')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByLabelText('Carregando a página')).toBeInTheDocument();

    await act(async () => homeChunk.resolve({ Home }));
    expect(screen.getByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(screen.queryByTestId('page-fallback')).not.toBeInTheDocument();
  });

  it('a link to a page not loaded yet keeps the current page until the new one is here', async () => {
    const { router, homeChunk, newsChunk } = renderSite('/');
    await act(async () => homeChunk.resolve({ Home }));
    await act(async () => screen.getByRole('link', { name: 'Notícias' }).click());
    // Still the home page, no fallback in between.
    expect(screen.getByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(screen.queryByTestId('page-fallback')).not.toBeInTheDocument();

    await act(async () => newsChunk.resolve({ News }));
    expect(await screen.findByRole('heading', { name: 'Notícias' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/noticias');
    expect(screen.getByText('rodapé')).toBeInTheDocument();
  });
});
