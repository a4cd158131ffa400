/**
 * The footer, drawn after the page (largest contentful paint, total blocking time).
 *
 * On a phone the footer was 183 of the 446 elements of a news item's first render, and it sits
 * below the first screen of every page: React built it in the same render as the page, and the
 * page's largest picture waited for that render to commit. The first render now leaves a stand-in
 * of the footer's size, and the footer (a chunk of its own) is drawn later (components/Later): in
 * its turn once the browser is idle, or as soon as the reader scrolls near.
 */
import { Later } from '@/components/Later/Later';
import { lazyNamed } from '@/lib/lazy';
import classes from './Footer.module.css';

const Footer = lazyNamed(() => import('./Footer'), 'Footer');

export function LazyFooter() {
  return (
    <Later standInClassName={classes.standIn}>
      <Footer />
    </Later>
  );
}
