/**
 * Which route an address shows, by React Router's rules (the routes table was written for them):
 * a path's segments are static (`/noticias`), dynamic (`:slug`) or a trailing splat (`*`); the most
 * specific path wins (static over dynamic over splat, longer over shorter), ties in table order; a
 * trailing slash is ignored; matching is case-insensitive unless the route says `caseSensitive`.
 * Layout routes have no path and wrap their children.
 */
import type { ReactNode } from 'react';

export type Params<Key extends string = string> = Readonly<Partial<Record<Key, string>>>;

export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
  caseSensitive?: boolean;
}

export interface RouteMatch {
  route: RouteObject;
  /** The params of the whole address (the same object for every route of the match). */
  params: Params;
  /** The part of the address the route matched. */
  pathname: string;
}

interface Branch {
  /** Root to leaf. */
  routes: RouteObject[];
  matcher: RegExp;
  paramNames: string[];
  score: number;
  order: number;
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking (computeScore): more segments and more static ones score higher. */
function score(path: string): number {
  const segments = path.split('/');
  let total = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

/** The path's regular expression and its params' names (React Router's compilePath, `end`). */
function compile(path: string, caseSensitive: boolean): [RegExp, string[]] {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else source += '\\/*$';
  return [new RegExp(source, caseSensitive ? undefined : 'i'), names];
}

function joinPaths(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/+$/, '')}/${path}`;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

function flatten(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (list: RouteObject[], parents: RouteObject[], parentPath: string) => {
    for (const route of list) {
      const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
      const chain = [...parents, route];
      if (route.children?.length) walk(route.children, chain, path);
      if (route.path !== undefined) {
        const [matcher, paramNames] = compile(path, route.caseSensitive ?? false);
        branches.push({ routes: chain, matcher, paramNames, score: score(path), order: 0 });
      }
    }
  };
  walk(routes, [], '');
  branches.forEach((branch, order) => (branch.order = order));
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The address, each segment decoded, with an encoded slash kept encoded (React Router's decodePath). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => decodeSegment(segment).replace(/\//g, '%2F'))
    .join('/');
}

/** The routes, root to leaf, that show `pathname`; null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = branchesOf.get(routes);
  if (!branches) {
    branches = flatten(routes);
    branchesOf.set(routes, branches);
  }
  const path = decodePath(pathname);
  for (const branch of branches) {
    const found = branch.matcher.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.paramNames.forEach((name, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[name] = value.replace(/%2F/g, '/');
    });
    const matched = found[0].replace(/\/+$/, '') || '/';
    return branch.routes.map((route, i) => ({
      route,
      params,
      pathname: i === branch.routes.length - 1 ? matched : '/',
    }));
  }
  return null;
}
