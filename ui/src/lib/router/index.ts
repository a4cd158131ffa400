/** The site's router (components.tsx says why it is not React Router's own). */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  RouterProvider,
  Routes,
  type LinkProps,
  type NavLinkProps,
} from './components';
export {
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type NavigateFunction,
  type NavigateOptions,
  type SetSearchParams,
} from './hooks';
export { createMemoryRouter, type MemoryRouterHandle } from './memory-router';
export { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match';
export { createPath, type Location, type Path, type To } from './history';
