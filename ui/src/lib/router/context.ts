/** The router's two contexts: where the router is, and which route a component is inside. */
import { createContext, useContext, type ReactNode } from 'react';
import type { History, Location } from './history';
import type { RouteMatch } from './match';

export interface RouterState {
  history: History;
  location: Location;
}

export const RouterContext = createContext<RouterState | null>(null);

export interface RouteState {
  matches: RouteMatch[];
  /** What the route's <Outlet /> shows: its child route's element. */
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteState>({ matches: [], outlet: null });

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component must be rendered inside a router');
  return router;
}
