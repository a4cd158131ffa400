import { BrowserRouter, useRoutes } from '@/lib/router';
import { routes } from './routes';

function SiteRoutes() {
  return useRoutes(routes);
}

/**
 * The site's routes in the browser's history (lib/router: React Router's declarative API without
 * its data router, loaders or fetchers, which the site does not use). Errors are caught by
 * RouteErrorBoundary (routes.tsx). The tests drive the same route tree with createMemoryRouter.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <SiteRoutes />
    </BrowserRouter>
  );
}
