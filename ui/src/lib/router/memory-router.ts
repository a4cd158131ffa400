/** A router in memory, driven from outside React: the tests read and change its address. */
import {
  createMemoryHistory,
  navigateHistory,
  type History,
  type Location,
  type To,
} from './history';
import type { NavigateOptions } from './hooks';
import type { RouteObject } from './match';

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
    navigate: (to, options) => navigateHistory(history, to, options),
  };
}
