import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconExternalLink,
  IconInfoCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { usePlayer, usePlayerMachine } from '../hooks';
import { useShowsPlayerNotices } from '../message-place';
import { PLAYER_TEXT } from '../messages';
import { hidePlayerErrorToast } from '../player-runtime';

/**
 * The live page's texts about the player (doc1 §4, §8): the stall text until sound returns, the
 * error after the retries, and the notices (popup window, Dolby Atmos, PRO only with the
 * 'Seja um assinante!' button). While they are on screen, the player bar and the toasts leave
 * these texts to them (message-place.ts).
 */
export function PlayerNotices() {
  useShowsPlayerNotices(hidePlayerErrorToast);
  const state = usePlayer();
  const player = usePlayerMachine();
  const { notice } = state;

  return (
    <Stack gap="xs" aria-live="polite">
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
