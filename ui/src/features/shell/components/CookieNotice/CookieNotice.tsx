import { useEffect, useState } from 'react';
import { Anchor, Button, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { COOKIE_NOTICE_DELAY_MS } from '@/lib/constants';
import { serverShowedCookieNotice } from '@/lib/server-shell';
import { acceptCookies, hasCookieConsent } from '../../lib/cookies';
import classes from './CookieNotice.module.css';

/**
 * The cookie notice: shown 100 ms after load until the consent cookie exists (G39). Only the
 * essential cookies exist before it is accepted; accepting creates the browser hash (`lib/cookies`).
 * When the server's page already drew it (lib/server-shell), it stays from the first frame.
 *
 * A thin bar just above the player bar, at most a few lines on a phone: it must not hide the page's
 * own calls to action (the home's 'Ouvir ao vivo', the live page's play button, a list's filters).
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(() => serverShowedCookieNotice() && !hasCookieConsent());

  useEffect(() => {
    const timer = setTimeout(() => setVisible(!hasCookieConsent()), COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const accept = () => {
    acceptCookies();
    setVisible(false);
  };

  return (
    <div
      className={classes.notice}
      role="region"
      aria-label="Aviso de cookies"
      data-testid="cookie-notice"
      data-fixed-bottom
    >
      <div className={classes.inner}>
        <IconCookie size={22} aria-hidden className={classes.icon} />
        <Text className={classes.text}>
          <strong>Este site usa cookies</strong> para funcionar, lembrar suas preferências, medir a
          audiência e exibir anúncios. Saiba mais na nossa{' '}
          <Anchor component={Link} to="/termos/privacidade" inherit fw={600}>
            Política de Privacidade
          </Anchor>
          .
        </Text>
        <Button onClick={accept} size="compact-sm" className={classes.accept}>
          Aceitar e fechar
        </Button>
      </div>
    </div>
  );
}
