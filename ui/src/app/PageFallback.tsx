import { Suspense, useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import { Outlet } from '@/lib/router';
import classes from './PageFallback.module.css';

/** A page's chunk that arrives within this long shows no spinner at all (no flash). */
export const PAGE_FALLBACK_SPINNER_DELAY_MS = 400;

/**
 * The page's place while its chunk loads on a direct visit: the shell (header, player bar) is
 * already there; this keeps the footer below the fold, so the page arriving shifts nothing on
 * screen, and shows a spinner only when the wait gets noticeable.
 */
export function PageFallback() {
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSpinner(true), PAGE_FALLBACK_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={classes.fallback} aria-busy="true" data-testid="page-fallback">
      {spinner && <Loader aria-label="Carregando a página" />}
    </div>
  );
}

/**
 * The pages' outlet inside the shell. On a direct visit the fallback holds the page's place until
 * its chunk is here; following a link to a page not loaded yet keeps the current page on screen
 * until the new one is ready (the router's updates are transitions, which do not show a fallback
 * again).
 */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
