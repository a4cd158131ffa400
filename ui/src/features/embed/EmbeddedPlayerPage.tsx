/**
 * /player-incorporado: the embeddable player, made for an `<iframe>` on other sites (no site shell).
 * It is the site's own player (the one player machine, now-playing service, volume store and
 * preroll, started by `<PlayerHost />`): the station logo, play/pause of the live radio, what is
 * on air and the volume. Links open the site in a new tab.
 *
 * data-testids (stable, used by the browser tests):
 * - `embed-player`            the player
 * - `player-play-button`      play/pause of the live radio ('Tocar' | 'Carregando...' | 'Pausar')
 * - `embed-song`, `embed-artist`   what is on air
 * - `mute-button`, `volume-slider` the volume (VolumeControl)
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRadio } from '@tabler/icons-react';
import { useSessionStartup } from '@/features/auth/session-actions';
import { CoverArt } from '@/features/player/components/CoverArt';
import { PlayButton } from '@/features/player/components/PlayButton';
import { useNowPlaying, usePlayer } from '@/features/player/hooks';
import { PLAYER_TEXT } from '@/features/player/messages';
import { PlayerHost } from '@/features/player/PlayerHost';
import { VolumeControl } from '@/features/player/VolumeControl';
import { useAppParameters } from '@/lib/app-parameters';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { useDocumentTitle, useNoIndex } from '@/lib/document-title';
import { useStationName } from '@/lib/station';
import classes from './EmbeddedPlayer.module.css';

function StationLogo({ name }: { name: string }) {
  const { data } = useAppParameters();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = data?.logo.url;
  return (
    <Anchor
      href={LIVE_PAGE_PATH}
      target="_blank"
      rel="noopener"
      aria-label={`${name}: ouvir no site`}
      underline="never"
    >
      {url && failedUrl !== url ? (
        <img
          src={url}
          alt={data?.logo.alt || name}
          width={data?.logo.width}
          height={data?.logo.height}
          className={classes.logo}
          onError={() => setFailedUrl(url)}
        />
      ) : (
        <Group gap={6} wrap="nowrap">
          <ThemeIcon variant="gradient" radius="xl" size={28} aria-hidden>
            <IconRadio size={16} />
          </ThemeIcon>
          <Text fw={800} size="sm" c="var(--mantine-color-text)">
            {name}
          </Text>
        </Group>
      )}
    </Anchor>
  );
}

export function EmbeddedPlayerPage() {
  useSessionStartup();
  const name = useStationName();
  useDocumentTitle(`${name} ao vivo`);
  useNoIndex(true);
  const state = usePlayer();
  const { current, loading } = useNowPlaying();
  const music = current?.metaType === 'music' && current.song ? current : null;
  const alert = state.stalled ? PLAYER_TEXT.stalled : state.error;

  return (
    <main className={classes.page}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        className={classes.card}
        component="section"
        aria-label={`Player da ${name}`}
        data-testid="embed-player"
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <StationLogo name={name} />
            <Badge
              variant="light"
              color="red"
              leftSection={<span className={classes.liveDot} aria-hidden />}
            >
              Ao vivo
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PlayButton variant="bar" />
            <CoverArt
              src={music?.cover['150']}
              size={56}
              alt={music ? `Capa de ${music.song}` : ''}
              loading={loading && !current}
            />
            <div className={classes.text} aria-live="polite">
              <Text fw={700} size="sm" lineClamp={1} data-testid="embed-song">
                {music?.song ?? name}
              </Text>
              {alert ? (
                <Text size="xs" c="red" lineClamp={1} title={alert} role="alert">
                  {alert}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" lineClamp={1} data-testid="embed-artist">
                  {music?.artist
                    ? music.artist
                    : !music && current?.metaType === 'commercial'
                      ? 'Intervalo'
                      : 'A programação ao vivo'}
                </Text>
              )}
            </div>
          </Group>
          <Group justify="flex-end" wrap="nowrap">
            <VolumeControl />
          </Group>
        </Stack>
      </Paper>
      <PlayerHost />
    </main>
  );
}
