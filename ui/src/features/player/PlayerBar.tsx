/**
 * The persistent bottom player bar, on every page: play/pause, what is on air (cover 150, song,
 * artist), the stream, like/dislike and the volume. Compact from 320 px up.
 *
 * data-testids (stable, used by the browser tests):
 * - `player-bar`                         the bar
 * - `player-play-button`                 play/pause; accessible name = its label
 *                                        ('Tocar' | 'Carregando...' | 'Pausar')
 * - `player-bar-title`, `player-bar-subtitle`   what is on air
 * - `player-bar-stalled`                 the stall text (in place of the subtitle), unless the page
 *                                        shows it (the live page); errors are toasts (message-place.ts)
 * - `player-bar-stream`                  the selected stream's name
 * - `player-bar-programme`               the programme on air (the grid's), where there is room
 * - `player-bar-like`, `player-bar-dislike`      rating
 * - `mute-button`, `volume-slider`       volume (VolumeControl)
 * - the timeshift controls' (components/Timeshift.tsx), once the radio was played on a stream that
 *   has them; behind live the bar shows what was on air at the instant heard, and is marked
 *   `data-behind`.
 */
import { Badge, Group, Text } from '@mantine/core';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { Link, useLocation } from '@/lib/router';
import { useAppParameters } from '@/lib/app-parameters';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { lazyNamed } from '@/lib/lazy';
import { useStationName } from '@/lib/station';
import { OnAirBarPill } from '@/features/programmes/OnAir';
import { CoverArt } from './components/CoverArt';
import { PlayButton } from './components/PlayButton';
import { RatingButtons } from './components/RatingButtons';
import { usePlayer, useShownNowPlaying } from './hooks';
import { usePageShowsPlayerNotices } from './message-place';
import { PLAYER_TEXT } from './messages';
import { VolumeControl } from './VolumeControl';
import classes from './PlayerBar.module.css';

// The timeshift controls: a chunk of their own, fetched once the radio was played (a page's first
// load does not carry them).
const TimeshiftBarBack = lazyNamed(() => import('./components/Timeshift'), 'TimeshiftBarBack');
const TimeshiftBarControls = lazyNamed(
  () => import('./components/Timeshift'),
  'TimeshiftBarControls',
);

/** Routes where the bar does not offer its start-listening control (doc3 §2.9). */
const NO_LISTEN_LINK = ['/a1stats'];

export function PlayerBar() {
  const name = useStationName();
  const { pathname } = useLocation();
  const state = usePlayer();
  const { current, loading, behind } = useShownNowPlaying();
  const { data: parameters } = useAppParameters();
  const noListen = NO_LISTEN_LINK.includes(pathname.replace(/\/+$/, '') || '/');
  // On the dashboard the bar offers no way to start the radio, but whatever plays can be paused.
  const showPlay = !noListen || state.shouldBePlaying;
  const timeshift = !!state.timeshift && state.isLive === true && !state.locked && !noListen;

  const queueItem = state.isLive === 'otherMedia' ? state.queue?.items[state.queue.index] : null;
  const music =
    state.isLive === true && current?.metaType === 'music' && current.song ? current : null;
  const title = queueItem?.title ?? music?.song ?? name;
  const subtitle = queueItem ? (queueItem.artist ?? '') : (music?.artist ?? null);
  const cover = queueItem ? queueItem.cover : music?.cover['150'];
  // The stall text, unless the page shows the player's texts itself (message-place.ts).
  const pageShowsNotices = usePageShowsPlayerNotices();
  const stalled = state.stalled && !pageShowsNotices;

  const text = (
    <>
      <Text
        fw={700}
        size="sm"
        className={classes.name}
        lineClamp={1}
        data-testid="player-bar-title"
      >
        {title}
      </Text>
      {stalled ? (
        <Text
          size="xs"
          lineClamp={1}
          title={PLAYER_TEXT.stalled}
          className={classes.alert}
          role="status"
          data-testid="player-bar-stalled"
        >
          {PLAYER_TEXT.stalled}
        </Text>
      ) : subtitle ? (
        <Text size="xs" c="dimmed" lineClamp={1} data-testid="player-bar-subtitle">
          {subtitle}
        </Text>
      ) : behind ? (
        // Behind live, between songs: not 'Ao vivo'.
        <Text size="xs" c="dimmed" lineClamp={1} data-testid="player-bar-subtitle">
          {current?.metaType === 'commercial' ? PLAYER_TEXT.onAirBreak : '\u00a0'}
        </Text>
      ) : (
        <Text size="xs" className={classes.live} data-testid="player-bar-subtitle">
          <span className={classes.liveDot} aria-hidden />
          Ao vivo
        </Text>
      )}
    </>
  );

  return (
    <section
      className={classes.bar}
      aria-label="Player da rádio"
      data-testid="player-bar"
      data-behind={behind || undefined}
      data-fixed-bottom
    >
      <Group className={classes.inner} wrap="nowrap" gap="sm">
        {showPlay && <PlayButton variant="bar" />}
        <OnDemand when={timeshift}>
          <TimeshiftBarBack />
        </OnDemand>
        <Group gap="sm" wrap="nowrap" className={classes.station}>
          <CoverArt
            src={cover}
            // Between songs on the radio: the station's logo, as in the header's widget.
            logo={queueItem ? undefined : parameters?.logo.url}
            size={44}
            loading={loading && !current && !queueItem}
            className={classes.cover}
          />
          {noListen ? (
            <div className={classes.stationText}>{text}</div>
          ) : (
            <Link to={LIVE_PAGE_PATH} className={classes.stationText}>
              {text}
            </Link>
          )}
          {/* The programme on air, where the bar has room (OnAir.module.css). */}
          {!noListen && <OnAirBarPill />}
          {state.stream && state.isLive === true && (
            <Badge
              variant="light"
              radius="sm"
              className={classes.streamBadge}
              data-testid="player-bar-stream"
            >
              {state.stream.streamName}
            </Badge>
          )}
        </Group>
        <OnDemand when={timeshift}>
          <TimeshiftBarControls />
        </OnDemand>
        <div className={classes.rating}>
          <RatingButtons variant="icons" testId="player-bar" />
        </div>
        <VolumeControl />
      </Group>
    </section>
  );
}
