import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconExternalLink,
  IconInfoCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { useEffect, useRef } from 'react';
import { usePlayer, usePlayerMachine } from '../hooks';
import { pageShowsPlayerNotices, useShowsPlayerNotices } from '../message-place';
import { PLAYER_TEXT } from '../messages';
import { hidePlayerErrorToast } from '../player-runtime';

/** Scrolls the page just enough for `element` to end above the bars fixed at the screen's bottom. */
function revealAboveBottomBars(element: HTMLElement) {
  const bars = document.querySelectorAll<HTMLElement>('[data-fixed-bottom]');
  const limit = Math.min(
    window.innerHeight,
    ...Array.from(bars, (bar) => bar.getBoundingClientRect().top),
  );
  const box = element.getBoundingClientRect();
  const below = box.bottom + 8 - limit;
  // Never so far that its top leaves the screen.
  if (below > 0) window.scrollBy({ top: Math.min(below, Math.max(box.top, 0)) });
}

/**
 * The live page's texts about the player (doc1 §4, §8): the stall text until sound returns, the
 * error after the retries, and the notices (popup window, Dolby Atmos, PRO only with the
 * 'Seja um assinante!' button). While they are on screen, the player bar and the toasts leave
 * these texts to them (message-place.ts).
 */
export function PlayerNotices() {
  const place = useRef<HTMLDivElement>(null);
  useShowsPlayerNotices(place, hidePlayerErrorToast);
  const state = usePlayer();
  const player = usePlayerMachine();
  const { notice } = state;
  const alert = state.stalled ? 'stalled' : state.error;

  // A new alert under the play button may fall behind what is fixed at the bottom of the screen
  // (the player bar, the cookie notice): the page moves up just enough to show it.
  useEffect(() => {
    if (alert && place.current && pageShowsPlayerNotices()) revealAboveBottomBars(place.current);
  }, [alert]);

  return (
    <Stack gap="xs" aria-live="polite" ref={place}>
      {state.stalled && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconWifiOff size={18} aria-hidden />}
          role="status"
          data-testid="player-stalled"
        >
          {PLAYER_TEXT.stalled}
        </Alert>
      )}
      {state.error && !state.stalled && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          data-testid="player-error"
        >
          {state.error}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.kind === 'pro-required' ? 'berry' : 'blue'}
          variant="light"
          icon={
            notice.kind === 'popup-playing' ? (
              <IconExternalLink size={18} aria-hidden />
            ) : (
              <IconInfoCircle size={18} aria-hidden />
            )
          }
          data-testid="player-notice"
          data-kind={notice.kind}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm">{notice.text}</Text>
            {notice.kind !== 'popup-playing' && (
              <CloseButton
                size="sm"
                aria-label="Fechar aviso"
                onClick={() => player.dismissNotice()}
              />
            )}
          </Group>
          {notice.kind === 'pro-required' && (
            <Button
              component={Link}
              to={PRO_BENEFITS_PATH}
              variant="gradient"
              size="compact-sm"
              mt="xs"
              data-testid="pro-subscribe"
            >
              {PLAYER_TEXT.subscribe}
            </Button>
          )}
        </Alert>
      )}
    </Stack>
  );
}
