import { desktopInvoke, isDesktop } from '@/features/player/engines/desktop-bridge';
import { setApiOrigin } from '@/lib/api';

interface DesktopInfo {
  version: string;
  serverUrl: string;
}

/**
 * Points the API client at the desktop app's station server (`desktop_info`, from ONDA_SERVER_URL or
 * the station's public address). On the website it does nothing: the page's own origin is the server.
 * A failure leaves the origin alone, so the app still starts and shows its connection errors.
 */
export async function connectDesktopStation(): Promise<void> {
  if (!isDesktop()) return;
  try {
    const info = await desktopInvoke<DesktopInfo>('desktop_info');
    if (info.serverUrl) setApiOrigin(info.serverUrl);
  } catch {
    // No station address: calls stay relative and fail visibly in the pages.
  }
}
