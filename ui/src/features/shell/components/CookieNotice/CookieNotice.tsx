import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
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
    <Paper
      className={classes.notice}
      shadow="xl"
      withBorder
      role="region"
      aria-label="Aviso de cookies"
      data-testid="cookie-notice"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" radius="xl" size={40} aria-hidden className={classes.icon}>
          <IconCookie size={22} />
        </ThemeIcon>
        <div>
          <Text fw={700} mb={4}>
            Este site usa cookies
          </Text>
          <Text size="sm" c="dimmed">
            Usamos cookies para manter o site funcionando e lembrar suas preferências, e também para
            medir a audiência e exibir anúncios. Saiba quais dados tratamos e como exercer seus
            direitos na nossa{' '}
            <Anchor component={Link} to="/termos/privacidade" size="sm" fw={600}>
              Política de Privacidade
            </Anchor>
            .
          </Text>
          <Group mt="md" gap="sm">
            <Button onClick={accept} size="sm">
              Aceitar e fechar
            </Button>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
