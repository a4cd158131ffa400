/** The router's hooks (React Router's names and behaviour; components.tsx says why it is ours). */
import { useCallback, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { RouteContext, useRouter } from './context';
import { navigateHistory, type Location, type To } from './history';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match';

/** The element of the first route of `matches`, with the rest behind its <Outlet />. */
function renderMatches(matches: RouteMatch[] | null): ReactNode {
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, match, i) => (
      <RouteContext.Provider value={{ matches: matches.slice(0, i + 1), outlet }}>
        {match.route.element === undefined ? outlet : match.route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** The element of the route that shows the current address (null when none does). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { location } = useRouter();
  const matches = useMemo(
    () => matchRoutes(routes, location.pathname),
    [routes, location.pathname],
  );
  return renderMatches(matches);
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams<Key extends string = string>(): Params<Key> {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as Params<Key>;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for React Router's signature; the site scrolls by its own rule (AppLayout). */
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

/** Goes to an address (or `delta` entries back or forward). The function keeps its identity. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  const navigate = useCallback(
    (to: To | number, options?: NavigateOptions) => navigateHistory(history, to, options),
    [history],
  );
  return navigate as NavigateFunction;
}

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

export type SetSearchParams = (
  next: SearchInit | ((previous: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/** The address's query, and a setter that goes to the same page with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  });
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next;
      navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}
