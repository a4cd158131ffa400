import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Outlet, useLocation } from '@/lib/router';
import { usePublishTestFlags } from '@/lib/test-flags';
import { LoginModalHost } from '@/features/auth/LoginModalHost';
import { SpotModalHost } from '@/features/clients/SpotModalHost';
import { HuntOverlays } from '@/features/hunt/HuntOverlays';
import { useSessionStartup } from '@/features/auth/session-actions';
import { useDesktopTrayStaff } from '@/features/desktop/useDesktopTrayStaff';
import { useLoginModalFromUrl } from '@/features/auth/url-screens';
import { PlayerBar } from '@/features/player/PlayerBar';
import { PlayerHost } from '@/features/player/PlayerHost';
import { useTestToast } from '../../hooks/useTestToast';
import { CookieNotice } from '../CookieNotice/CookieNotice';
import { LazyFooter } from '../Footer/LazyFooter';
import { Header } from '../Header/Header';
import { TopBar } from '../TopBar/TopBar';
import { UpdateBar } from '../UpdateBar/UpdateBar';
import classes from './AppLayout.module.css';

export const MAIN_CONTENT_ID = 'conteudo';

/** Scrolls to the top on page changes, except for in-page anchors (`#Spots`, doc2). */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0 });
  }, [pathname, hash]);
}

/**
 * The shell around every page: skip link, update bar, top bar, header, the page, footer, the
 * persistent player bar with the player's runtime (and the preroll frame), the cookie notice and
 * the login modal (with the start-up session check and the `?profile=` links) and the spot modal
 * (`?spot=`, available on every page). The modals' chunks load when they first open.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  usePublishTestFlags();
  useTestToast();
  useScrollToTopOnNavigate();
  useSessionStartup();
  useLoginModalFromUrl();
  useDesktopTrayStaff();

  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        Pular para o conteúdo
      </a>
      <UpdateBar />
      <TopBar />
      <Header />
      <HuntOverlays />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </main>
      <LazyFooter />
      <PlayerBar />
      <PlayerHost />
      <CookieNotice />
      <LoginModalHost />
      <SpotModalHost />
    </div>
  );
}
