/**
 * Test helpers: `render` wraps a component in the app's providers (Mantine in test mode, a fresh
 * TanStack Query client without retries) and a MemoryRouter; `renderRoute` renders the real route
 * tree at a path.
 */
import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from '@/lib/router';
import { AppProvider } from '@/app/provider';
import { preloadAllLazy } from '@/lib/lazy';
import { routes } from '@/app/routes';

// The app fetches each page's chunk when it is first shown; the tests load them all here, so a
// route renders its page at once, with real or fake timers (routes.test.tsx checks the wait).
await preloadAllLazy();

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false },
    },
  });
}

export interface TestRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  queryClient?: QueryClient;
}

export function render(
  ui: ReactElement,
  { route = '/', queryClient, ...options }: TestRenderOptions = {},
) {
  const client = queryClient ?? createTestQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProvider env="test" queryClient={client}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProvider>
    );
  }
  return { queryClient: client, ...rtlRender(ui, { wrapper: Wrapper, ...options }) };
}

/** Renders the full app (layout + pages) at `path` with an in-memory router. */
export function renderRoute(path: string, { queryClient }: { queryClient?: QueryClient } = {}) {
  const client = queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = rtlRender(
    <AppProvider env="test" queryClient={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient: client, ...result };
}

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
