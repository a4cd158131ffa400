/** A router in memory, driven from outside React: the tests read and change its address. */
import { createMemoryHistory, resolveTo, type History, type Location, type To } from './history';
import type { NavigateOptions } from './hooks';
import type { RouteObject } from './match';

/** A router made outside React, for tests: its address can be read and changed from outside. */
export interface MemoryRouterHandle {
  routes: RouteObject[];
  history: History;
  readonly state: { location: Location };
  navigate(to: To | number, options?: NavigateOptions): void;
}

export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries }: { initialEntries?: To[] } = {},
): MemoryRouterHandle {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else {
        const path = resolveTo(to, history.location.pathname);
        if (options.replace) history.replace(path, options.state);
        else history.push(path, options.state);
      }
    },
  };
}
