import type { CSSProperties } from 'react';
import { Badge, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconCrown, IconExternalLink, IconLock, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Stream } from '@/generated/Stream';
import { useSession, useSessionStatus } from '@/lib/session';
import { availableStreamsQueryOptions } from '../api/live-api';
import { usePlayer, usePlayerMachine } from '../hooks';
import { isLiveActive } from '../player-machine';
import { checkAccess } from '../stream-rules';
import classes from './Player.module.css';

/** A colour from the server when it is a plain CSS colour; the brand otherwise. */
function accent(color: string): string {
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(color.trim())
    ? color.trim()
    : 'var(--mantine-color-onda-6)';
}

function StreamBadges({ stream, locked }: { stream: Stream; locked: boolean }) {
  return (
    <Group gap={6} mt={6}>
      {stream.pro && (
        <Badge size="sm" variant="gradient" leftSection={<IconCrown size={12} aria-hidden />}>
          PRO
        </Badge>
      )}
      {stream.semiPro && !stream.pro && (
        <Badge size="sm" variant="light" color="berry">
          Login
        </Badge>
      )}
      {stream.dolby && (
        <Badge
          size="sm"
          variant="light"
          color="dark"
          leftSection={<IconSparkles size={12} aria-hidden />}
        >
          Dolby Atmos
        </Badge>
      )}
      {stream.isPopup && (
        <Badge
          size="sm"
          variant="light"
          color="blue"
          leftSection={<IconExternalLink size={12} aria-hidden />}
        >
          Nova janela
        </Badge>
      )}
      {locked && <IconLock size={14} aria-label="Bloqueado" className={classes.lockIcon} />}
    </Group>
  );
}

/**
 * The stream cards of the live page (doc1 §3 Stream): name, description, colour, image, and PRO /
 * login badges. Choosing one goes through the player's checks (login modal, PRO notice, popup
 * window, Dolby Atmos) and starts it.
 */
export function StreamChooser() {
  const state = usePlayer();
  const player = usePlayerMachine();
  const session = useSession();
  const sessionStatus = useSessionStatus();
  const query = useQuery(availableStreamsQueryOptions());
  const access = {
    loggedIn: sessionStatus === 'unknown' ? null : session !== null,
    isPro: sessionStatus === 'unknown' ? null : !!session?.user.isPro,
  };
  const live = isLiveActive(state);

  if (state.streams.length === 0) {
    if (!query.isPending) return null; // failures are only logged (doc1 §8 Other)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="stream-list-loading">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={96} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      className={classes.streamList}
      data-testid="stream-list"
    >
      {state.streams.map((stream) => {
        const selected = stream.streamId === state.streamId;
        const verdict = checkAccess(stream, access);
        const locked = verdict === 'login-required' || verdict === 'pro-required';
        return (
          <li key={stream.streamId}>
            <UnstyledButton
              className={classes.streamCard}
              style={{ '--stream-accent': accent(stream.color) } as CSSProperties}
              aria-pressed={selected}
              data-selected={selected || undefined}
              data-testid="stream-option"
              data-stream-id={stream.streamId}
              onClick={() => player.chooseStream(stream.streamId)}
            >
              {stream.imageUrl ? (
                <img src={stream.imageUrl} alt="" className={classes.streamImage} loading="lazy" />
              ) : (
                <span className={classes.streamSwatch} aria-hidden />
              )}
              <span className={classes.streamBody}>
                <span className={classes.streamHead}>
                  <Text fw={800} size="sm" lineClamp={1} className={classes.streamName}>
                    {stream.streamName}
                  </Text>
                  {selected && (
                    <Text
                      span
                      size="xs"
                      fw={700}
                      className={classes.streamState}
                      data-testid="stream-state"
                    >
                      {live ? 'No ar' : 'Selecionado'}
                    </Text>
                  )}
                </span>
                {stream.description && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {stream.description}
                  </Text>
                )}
                <StreamBadges stream={stream} locked={locked} />
              </span>
            </UnstyledButton>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
