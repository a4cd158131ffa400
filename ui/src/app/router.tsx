import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes';

function SiteRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the site needs no loaders, actions or fetchers, and without the data
 * router (createBrowserRouter) every page loads some 18 kB less gzipped JavaScript. Errors are
 * caught by RouteErrorBoundary (routes.tsx). The tests drive the same route tree with
 * createMemoryRouter.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <SiteRoutes />
    </BrowserRouter>
  );
}
