import { desktopInvoke, isDesktop } from '@/lib/tauri-bridge';
import { setApiOrigin } from '@/lib/api';
import { restoreDesktopToken } from './session-token';

interface DesktopInfo {
  version: string;
  serverUrl: string;
}

/** Paths the station server answers, as the API hands them out (`/media/logo.svg`, `/stream/…`). */
const SERVER_PATH = /^\/(media|stream|feed)\//;
const URL_ATTRIBUTES = ['src', 'href', 'poster'] as const;

/**
 * Points the API client at the desktop app's station server (`desktop_info`, from ONDA_SERVER_URL or
 * the station's public address). On the website it does nothing: the page's own origin is the server.
 * A failure leaves the origin alone, so the app still starts and shows its connection errors.
 * The session token kept in the OS keyring for that station is restored here too, so the first
 * authenticated query already carries it.
 */
export async function connectDesktopStation(): Promise<void> {
  if (!isDesktop()) return;
  try {
    const info = await desktopInvoke<DesktopInfo>('desktop_info');
    if (info.serverUrl) {
      setApiOrigin(info.serverUrl);
      followServerPaths(info.serverUrl.replace(/\/+$/, ''));
    }
  } catch {
    // No station address: calls stay relative and fail visibly in the pages.
  }
  await restoreDesktopToken();
}

/**
 * The API's images, audio and feeds are server-relative (`/media/…`), which in the app would resolve
 * against the app's own `tauri://localhost`. Rather than teach every component, one observer points
 * such attributes at the station as they appear; app routes (`/noticias`) are left alone.
 */
function followServerPaths(origin: string): void {
  const fix = (element: Element) => {
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && SERVER_PATH.test(value)) element.setAttribute(name, origin + value);
    }
  };
  const fixTree = (root: Element) => {
    fix(root);
    for (const element of root.querySelectorAll('[src], [href], [poster]')) fix(element);
  };
  fixTree(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof Element) fix(record.target);
      for (const node of record.addedNodes) if (node instanceof Element) fixTree(node);
    }
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [...URL_ATTRIBUTES],
  });
}
