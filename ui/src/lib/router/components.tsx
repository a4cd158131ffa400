/**
 * The site's router: React Router's declarative API, as far as the site uses it (initial
 * JavaScript). React Router 7 shipped 13 kB gzipped in every page's first load, most of it for the
 * data router, fetchers and server rendering the site does not use; this is under 3 kB. The names
 * and behaviour are React Router's, so the pages, the tests and anyone who knows React Router read
 * it as before:
 * - a change of address renders as a transition, so following a link to a page whose chunk is not
 *   here yet keeps the current page on screen until the new one is ready (a Suspense fallback is
 *   not shown again);
 * - `Link` leaves to the browser what the browser should do: a modified or middle click, another
 *   target, another site; a link to the current address replaces it instead of stacking it;
 * - `NavLink` marks the current page with `aria-current="page"` and the `active` class.
 */
import {
  Children,
  Fragment,
  isValidElement,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { RouteContext, RouterContext, useRouter } from './context';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  isAbsoluteUrl,
  navigateHistory,
  resolveTo,
  type History,
  type To,
} from './history';
import { useNavigate, useRoutes, type NavigateOptions } from './hooks';
import type { RouteObject } from './match';
import type { MemoryRouterHandle } from './memory-router';

/** Renders `children` at `history`'s address, and again (as a transition) when it changes. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(() => history.location);
  useLayoutEffect(() => {
    return history.listen((next) => startTransition(() => setLocation(next)));
  }, [history]);
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: To[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

interface RouteProps {
  path?: string;
  element?: ReactNode;
  caseSensitive?: boolean;
  children?: ReactNode;
}

/** A route of <Routes>: it describes, <Routes> renders. */
export function Route(props: RouteProps): ReactElement | null {
  void props;
  throw new Error('<Route> is only ever used inside <Routes>');
}

function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesFromChildren(child.props.children));
      return;
    }
    const { path, element, caseSensitive, children: nested } = child.props;
    routes.push({ path, element, caseSensitive, children: routesFromChildren(nested) });
  });
  return routes;
}

export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesFromChildren(children));
}

/** Where a layout route shows its child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Goes to `to` when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const { location } = useRouter();
  const target = createPath(resolveTo(to, location.pathname));
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  /** A full page load instead of the router's change. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Where a link goes: in the site (handled by the router), or elsewhere (left to the browser). */
function useLinkTarget(to: To): { href: string; path: ReturnType<typeof resolveTo> | null } {
  const { location } = useRouter();
  if (typeof to === 'string' && isAbsoluteUrl(to)) {
    // The build's prerender has no window: another site, as far as it can tell.
    const here = typeof window === 'undefined' ? null : window.location;
    try {
      const url = new URL(to, here?.href);
      if (here && url.origin === here.origin) {
        return { href: to, path: resolveTo(url.pathname + url.search + url.hash, '/') };
      }
    } catch {
      // Not a URL the browser can parse: the browser gets it as it is.
    }
    return { href: to, path: null };
  }
  const path = resolveTo(to, location.pathname);
  return { href: createPath(path), path };
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  reloadDocument,
  onClick,
  target,
  ref,
  ...rest
}: LinkProps) {
  void preventScrollReset;
  const { history, location } = useRouter();
  const { href, path } = useLinkTarget(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !path || reloadDocument || !isPlainLeftClick(event, target)) {
      return;
    }
    event.preventDefault();
    // A link to where the reader already is replaces the entry: Back leaves the page, as expected.
    const same = createPath(location) === createPath(path);
    navigateHistory(history, path, { replace: replace ?? same, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
  /** Active only on its exact address, not on the addresses below it. */
  end?: boolean;
  caseSensitive?: boolean;
}

/** A link that knows when it points at the current page (React Router's rule). */
export function NavLink({
  to,
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  ...rest
}: NavLinkProps) {
  const { location } = useRouter();
  const { path } = useLinkTarget(to);
  let isActive = false;
  if (path) {
    let target = path.pathname;
    let current = location.pathname;
    if (!caseSensitive) {
      target = target.toLowerCase();
      current = current.toLowerCase();
    }
    const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
    isActive =
      current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  }
  const state = { isActive, isPending: false };
  const classes =
    typeof className === 'function'
      ? className(state)
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return (
    // The attributes in React Router's order (aria-current, class, style, href): the markup of the
    // server-drawn frames, and what reads it, stay as they were.
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={classes}
      style={typeof style === 'function' ? style(state) : style}
      to={to}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

function RouterRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { router: MemoryRouterHandle }) {
  return (
    <Router history={router.history}>
      <RouterRoutes routes={router.routes} />
    </Router>
  );
}
