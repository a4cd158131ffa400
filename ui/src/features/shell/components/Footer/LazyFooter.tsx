/**
 * The footer, drawn after the page (issue 19: largest contentful paint, total blocking time).
 *
 * On a phone the footer was 183 of the 446 elements of a news item's first render, and it sits
 * below the first screen of every page: React built it in the same render as the page, and the
 * page's largest picture waited for that render to commit. The first render now leaves a stand-in
 * of the footer's size, and the footer (a chunk of its own) is drawn once the browser is idle after
 * it, or as soon as the reader scrolls near.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { PartBoundary } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import classes from './Footer.module.css';

const Footer = lazyNamed(() => import('./Footer'), 'Footer');

/** The footer waits this long at most for the browser to be idle. */
export const FOOTER_IDLE_TIMEOUT_MS = 2_000;
/** A reader this close to the footer gets it at once. */
const FOOTER_NEAR_PX = 800;

export function LazyFooter() {
  const [draw, setDraw] = useState(false);
  const standIn = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (draw) return;
    const show = () => setDraw(true);
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(show, { timeout: FOOTER_IDLE_TIMEOUT_MS })
        : null;
    const timer = idle === null ? setTimeout(show, 0) : undefined;
    const near =
      typeof IntersectionObserver === 'function' && standIn.current
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
            rootMargin: `${FOOTER_NEAR_PX}px 0px`,
          })
        : null;
    if (near && standIn.current) near.observe(standIn.current);
    return () => {
      if (idle !== null) cancelIdleCallback(idle);
      clearTimeout(timer);
      near?.disconnect();
    };
  }, [draw]);

  const placeholder = <div ref={standIn} className={classes.standIn} aria-hidden />;
  if (!draw) return placeholder;
  return (
    <PartBoundary>
      <Suspense fallback={placeholder}>
        <Footer />
      </Suspense>
    </PartBoundary>
  );
}
