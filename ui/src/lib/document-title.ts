/**
 * Document titles: the page title cut to {@link PAGE_TITLE_MAX} characters, then ' | ' and the station
 * name (G01). Pages with their own limit (tags 32, promotions 40) pass it.
 */
import { useEffect } from 'react';
import { PAGE_TITLE_MAX } from './constants';
import { useStationName } from './station';

export function formatDocumentTitle(
  pageTitle: string | undefined,
  stationName: string,
  max = PAGE_TITLE_MAX,
): string {
  const title = (pageTitle ?? '').trim();
  if (!title) return stationName;
  return `${title.slice(0, max).trimEnd()} | ${stationName}`;
}

export function useDocumentTitle(pageTitle: string | undefined, max = PAGE_TITLE_MAX): void {
  const stationName = useStationName();
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, stationName, max);
  }, [pageTitle, stationName, max]);
}

/** Sets `<meta name="robots" content="noindex, nofollow">` while a private page is shown (C45). */
export function useNoIndex(noindex: boolean): void {
  useEffect(() => {
    if (!noindex) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = 'noindex, nofollow';
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [noindex]);
}
