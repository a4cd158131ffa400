import { act } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { RouteErrorBoundary } from '@/app/RouteErrorBoundary';
import { ApiError } from '@/lib/api';
import { mockApi } from '@/test/api-mock';
import { render as rtlRender } from '@testing-library/react';
import { createTestQueryClient, screen } from '@/test/render';
import { errorStatus, errorTitle } from '../lib/error-status';

describe('error page texts (C23)', () => {
  it.each([
    [404, 'Pagina não encontrada'],
    [500, 'Erro do servidor'],
    [403, 'Algo deu ruim :('],
    [null, 'Algo deu ruim :('],
  ])('status %s → %s', (status, text) => {
    expect(errorTitle(status)).toBe(text);
  });

  it('reads the status of API errors', () => {
    expect(errorStatus(new ApiError(500, 'boom', 500))).toBe(500);
    expect(errorStatus(new ApiError('error', 'refused', 200))).toBe(200);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

function renderThrowing(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockApi();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <RouteErrorBoundary>
          <Thrower error={error} />
        </RouteErrorBoundary>
      ),
    },
  ]);
  rtlRender(
    <AppProvider env="test" queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('ErrorPage', () => {
  it('shows Erro do servidor for a 500', async () => {
    renderThrowing(new ApiError(500, 'internal error', 500));
    expect(await screen.findByRole('heading', { name: 'Erro do servidor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('shows Pagina não encontrada for a 404', async () => {
    renderThrowing(new ApiError(404, 'not found', 404));
    expect(
      await screen.findByRole('heading', { name: 'Pagina não encontrada' }),
    ).toBeInTheDocument();
  });

  it('shows Algo deu ruim :( otherwise', async () => {
    renderThrowing(new TypeError('render failed'));
    expect(await screen.findByRole('heading', { name: 'Algo deu ruim :(' })).toBeInTheDocument();
  });
});

describe('RouteErrorBoundary', () => {
  it('shows the error page inside the shell and clears it on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi();
    const router = createMemoryRouter([
      {
        element: (
          <>
            <header>cabeçalho</header>
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          </>
        ),
        children: [
          { path: '/', element: <Thrower error={new ApiError(500, 'internal error', 500)} /> },
          { path: '/ok', element: <h1>Tudo certo</h1> },
        ],
      },
    ]);
    rtlRender(
      <AppProvider env="test" queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Erro do servidor' })).toBeInTheDocument();
    expect(screen.getByText('cabeçalho')).toBeInTheDocument();
    await act(() => router.navigate('/ok'));
    expect(await screen.findByRole('heading', { name: 'Tudo certo' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
  });
});
