import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCrown,
  IconLogin,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRefresh,
  IconRss,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { CARD_GRID_RETRY } from '@/components/CardGrid/CardGrid';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { usePlayer, usePlayerMachine } from '@/features/player/hooks';
import type { PlayerMachine, PlayerSnapshot } from '@/features/player/player-machine';
import type { ProgramReplay } from '@/generated/ProgramReplay';
import type { ProgramReplays } from '@/generated/ProgramReplays';
import { ApiError, resolveApiPath } from '@/lib/api';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { useSession, useSessionStatus } from '@/lib/session';
import { programReplaysQueryOptions } from './api/get-program-replays';
import { keepDaysText, listenLabel, REPLAY_TEXT, songsLabel } from './messages';
import { airedLabel, airedParts, durationLabel } from './schedule-format';
import classes from './ReplaysSection.module.css';

const HEADING_ID = 'program-replays';

/** What the page knows of the programme, for the player's title and cover. */
export interface ReplayProgramme {
  slug: string;
  title: string;
  imageUrl: string;
}

const queueId = (replay: ProgramReplay) => `replay:${replay.id}`;

/** Whether `replay` is the on-demand item the player holds, and whether it is heard now. */
function replayState(
  player: PlayerSnapshot,
  replay: ProgramReplay,
): 'playing' | 'loading' | 'paused' | 'idle' {
  const item = player.queue?.items[player.queue.index];
  if (player.isLive !== 'otherMedia' || item?.id !== queueId(replay)) return 'idle';
  if (player.shouldBePlaying && player.status === 'loading') return 'loading';
  if (player.shouldBePlaying && player.status === 'playing') return 'playing';
  // Paused, ended or failed: pressing it again plays the same recording, from where it stopped
  // (from the start again once it ended: the player lets go of an ended item's audio).
  return 'paused';
}

/** The same recording playing → pause; paused → resume where it stopped; otherwise start it. */
function toggleReplay(
  machine: PlayerMachine,
  player: PlayerSnapshot,
  replay: ProgramReplay,
  programme: ReplayProgramme,
): void {
  const state = replayState(player, replay);
  if (state === 'playing' || state === 'loading') machine.pause();
  else if (state === 'paused') machine.resumeQueue();
  else if (replay.audioUrl)
    machine.playQueue([
      {
        id: queueId(replay),
        src: replay.audioUrl,
        title: programme.title,
        // The player bar's second line: which airing this is.
        artist: airedLabel(replay.startsAt, replay.endsAt),
        cover: programme.imageUrl || undefined,
      },
    ]);
}

function PlayReplay({ replay, programme }: { replay: ProgramReplay; programme: ReplayProgramme }) {
  const machine = usePlayerMachine();
  const player = usePlayer();
  const state = replayState(player, replay);
  const playing = state === 'playing' || state === 'loading';
  return (
    <Button
      size="sm"
      radius="xl"
      className={classes.play}
      loading={state === 'loading'}
      leftSection={
        playing ? (
          <IconPlayerPauseFilled size={16} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={16} aria-hidden />
        )
      }
      aria-label={listenLabel(playing, airedLabel(replay.startsAt, replay.endsAt))}
      onClick={() => toggleReplay(machine, player, replay, programme)}
    >
      {playing ? REPLAY_TEXT.pause : REPLAY_TEXT.listen}
    </Button>
  );
}

function ReplayRow({ replay, programme }: { replay: ProgramReplay; programme: ReplayProgramme }) {
  const aired = airedParts(replay.startsAt, replay.endsAt);
  return (
    <li>
      <Paper withBorder radius="md" className={classes.replay} data-testid="program-replay">
        <div className={classes.head}>
          <div className={classes.when}>
            <Text fw={700}>
              {aired.day} · <span className={classes.hours}>{aired.hours}</span>
            </Text>
            <Text size="sm" c="dimmed">
              {replay.streamName} · {durationLabel(replay.durationMs)}
            </Text>
          </div>
          {replay.audioUrl && <PlayReplay replay={replay} programme={programme} />}
        </div>
        {replay.songs.length > 0 && (
          <Accordion
            chevronPosition="right"
            className={classes.songsFold}
            classNames={{ control: classes.songsControl, content: classes.songsContent }}
          >
            <Accordion.Item value="songs" className={classes.songsItem}>
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  {songsLabel(replay.songs.length)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ol className={classes.songs} data-testid="replay-songs">
                  {replay.songs.map((song) => (
                    <li key={`${song.offsetMs}-${song.song}`} className={classes.song}>
                      <Text component="span" size="sm" c="dimmed" className={classes.songTime}>
                        {song.time}
                      </Text>
                      <Text component="span" size="sm" className={classes.songName}>
                        <strong>{song.song}</strong>
                        {song.artist && ` — ${song.artist}`}
                      </Text>
                    </li>
                  ))}
                </ol>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
      </Paper>
    </li>
  );
}

/** Why the caller hears nothing, and the way in: the login, or the PRO page. */
function LockedNotice({ replays, anonymous }: { replays: ProgramReplays; anonymous: boolean }) {
  if (replays.allowed) return null;
  if (replays.access === 'loggedIn') {
    return (
      <Alert
        variant="light"
        radius="md"
        icon={<IconLogin size={22} aria-hidden />}
        data-testid="replays-login"
      >
        <Text fw={600} c="var(--mantine-color-text)">
          {REPLAY_TEXT.loginOnly}
        </Text>
        <Button
          mt="sm"
          size="sm"
          leftSection={<IconLogin size={16} aria-hidden />}
          onClick={() => openLoginModal('login', { notice: REPLAY_TEXT.loginOnly })}
        >
          {REPLAY_TEXT.login}
        </Button>
      </Alert>
    );
  }
  if (replays.access === 'pro') {
    return (
      <Alert
        variant="light"
        color="dark"
        radius="md"
        icon={<IconCrown size={22} aria-hidden />}
        data-testid="replays-pro"
      >
        <Text fw={600} c="var(--mantine-color-text)">
          {REPLAY_TEXT.proOnly}
        </Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} to={PRO_BENEFITS_PATH} variant="gradient" size="sm">
            {REPLAY_TEXT.subscribe}
          </Button>
          {/* A subscriber who is not logged in yet. */}
          {anonymous && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogin size={16} aria-hidden />}
              onClick={() => openLoginModal('login', { notice: REPLAY_TEXT.proOnly })}
            >
              {REPLAY_TEXT.login}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return null;
}

function ReplaysSkeleton() {
  return (
    <Stack
      gap="sm"
      className={classes.section}
      role="status"
      aria-label={REPLAY_TEXT.loading}
      aria-busy
    >
      <Skeleton h={28} w="40%" />
      <Skeleton h={76} radius="md" />
      <Skeleton h={76} radius="md" />
    </Stack>
  );
}

function Heading({ feedUrl }: { feedUrl: string | null }) {
  return (
    <Group justify="space-between" align="center" gap="xs" mb="sm">
      <Title order={2} size="h3" id={HEADING_ID}>
        {REPLAY_TEXT.title}
      </Title>
      {feedUrl && (
        // The server's feed, not a page of the app: a plain link (with the station's address in
        // the desktop app).
        <Anchor href={resolveApiPath(feedUrl)} size="sm" fw={600} className={classes.feed}>
          <IconRss size={16} aria-hidden />
          {REPLAY_TEXT.feed}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * 'Ouvir de novo' on a programme's page: its recordings, newest first, each played in the site's
 * player as on-demand audio, with the songs it played; who may not hear them learns why and the
 * way in. A programme that is not recorded shows nothing.
 */
export function ReplaysSection({ programme }: { programme: ReplayProgramme }) {
  const session = useSession();
  const status = useSessionStatus();
  const query = useQuery({
    ...programReplaysQueryOptions(programme.slug, {
      userId: session?.user.userId ?? 0,
      isPro: !!session?.user.isPro,
      token: session?.token ?? null,
    }),
    // Asked once the start-up knows who the visitor is, not once as anonymous and again after.
    enabled: status !== 'unknown',
  });

  if (query.isPending) return <ReplaysSkeleton />;
  if (query.isError) {
    // The page itself says when the programme does not exist.
    if (query.error instanceof ApiError && query.error.code === 404) return null;
    return (
      <section
        aria-labelledby={HEADING_ID}
        className={classes.section}
        data-testid="program-replays"
      >
        <Heading feedUrl={null} />
        <Alert color="red">
          {REPLAY_TEXT.loadError}
          <Button
            display="block"
            mt="sm"
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {CARD_GRID_RETRY}
          </Button>
        </Alert>
      </section>
    );
  }

  const replays = query.data;
  if (replays.access === 'none') return null;
  return (
    <section aria-labelledby={HEADING_ID} className={classes.section} data-testid="program-replays">
      <Heading feedUrl={replays.feedUrl} />
      <Stack gap="sm">
        <LockedNotice replays={replays} anonymous={status === 'anonymous'} />
        {replays.replays.length === 0 ? (
          <Text c="dimmed" data-testid="replays-empty">
            {REPLAY_TEXT.empty} {keepDaysText(replays.keepDays)}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {keepDaysText(replays.keepDays)}
            </Text>
            <ul className={classes.list}>
              {replays.replays.map((replay) => (
                <ReplayRow key={replay.id} replay={replay} programme={programme} />
              ))}
            </ul>
          </>
        )}
      </Stack>
    </section>
  );
}
