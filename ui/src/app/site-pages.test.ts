/**
 * The site's list of pages (server/src/site.rs, generated into src/generated/site-pages.ts) and the
 * routes table agree: the server answers 200 exactly for the addresses the app draws a page for, and
 * the /sitemap page and the footer only link to pages.
 */
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES, SITEMAP_SECTIONS } from '@/generated/site-pages';
import { FOOTER_GROUPS } from '@/features/shell/components/Footer/links';
import { matchRoutes, Navigate, type RouteObject } from '@/lib/router';
import { routes } from './routes';

/** Every path of the routes table, layouts left out. */
function routePaths(table: RouteObject[]): string[] {
  return table.flatMap((route) => [
    ...(route.path === undefined ? [] : [route.path]),
    ...routePaths(route.children ?? []),
  ]);
}

/** The route that shows `pathname` (its path is '*' for the 404 page). */
function leaf(pathname: string): RouteObject | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route;
}

const LISTED = new Set(SITE_PAGES.map((page) => page.path));

describe('the list of pages and the routes table', () => {
  it('has a route, not the 404 page, for every page of the list', () => {
    for (const page of SITE_PAGES) {
      const route = leaf(page.path);
      expect(route?.path, page.path).toBeDefined();
      expect(route?.path, page.path).not.toBe('*');
      if (page.kind === 'redirect') {
        // The app goes where the server's permanent redirect goes.
        const element = route?.element;
        expect(isValidElement(element) && element.type === Navigate, page.path).toBe(true);
        expect(isValidElement<{ to: string }>(element) && element.props.to).toBe(page.redirect);
      }
    }
  });

  it('lists every fixed address of the routes table', () => {
    const fixed = routePaths(routes).filter((path) => !path.includes(':') && path !== '*');
    expect(fixed.length).toBeGreaterThan(30);
    for (const path of fixed) expect(LISTED.has(path), `${path} is not in site.rs`).toBe(true);
  });

  it('gives the /sitemap page links only to pages, under its sections', () => {
    const linked = SITE_PAGES.filter((page) => page.sitemapLink);
    expect(linked.length).toBeGreaterThan(20);
    for (const page of linked) {
      expect(SITEMAP_SECTIONS).toContain(page.sitemapLink?.section);
      expect(page.kind, page.path).not.toBe('noindex');
      expect(page.kind, page.path).not.toBe('redirect');
    }
  });

  it("has the footer's links lead to pages of the list", () => {
    for (const link of FOOTER_GROUPS.flatMap((group) => group.links)) {
      expect(LISTED.has(link.to), `${link.label}: ${link.to}`).toBe(true);
    }
  });
});
