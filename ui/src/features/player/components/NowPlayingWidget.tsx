import { Text, UnstyledButton } from '@mantine/core';
import { Link } from '@/lib/router';
import { useAppParameters } from '@/lib/app-parameters';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { useStationName } from '@/lib/station';
import { useNowPlaying } from '../hooks';
import { PLAYER_TEXT } from '../messages';
import { CoverArt } from './CoverArt';
import classes from './Player.module.css';

/**
 * The header's now-playing widget (doc1 §2, "see Player"): cover and what is on air, linking to
 * the live page. Follows the same now-playing store as the bar (polling + push, timed to the ear).
 * Between songs it shows the station: its logo (the header's) and name, and whether a break or the
 * programme is on, never the stream's name.
 */
export function NowPlayingWidget({ className }: { className?: string }) {
  const { current, loading } = useNowPlaying();
  const stationName = useStationName();
  const { data: parameters } = useAppParameters();
  const music = current?.metaType === 'music' && current.song ? current : null;
  const title = music ? music.song : stationName;
  // A live show's name comes without an artist: it is the programme on air.
  const subtitle = music?.artist
    ? music.artist
    : !music && current?.metaType === 'commercial'
      ? PLAYER_TEXT.onAirBreak
      : PLAYER_TEXT.onAirProgramme;

  return (
    <UnstyledButton
      component={Link}
      to={LIVE_PAGE_PATH}
      className={`${classes.widget} ${className ?? ''}`}
      aria-label={`Tocando agora: ${title}${subtitle ? ` – ${subtitle}` : ''}`}
      data-testid="now-playing-widget"
    >
      <CoverArt
        src={music?.cover['150']}
        logo={parameters?.logo.url}
        size={40}
        loading={loading && !current}
        radius="sm"
      />
      <span className={classes.widgetText}>
        <Text span size="xs" className={classes.widgetKicker}>
          <span className={classes.liveDot} aria-hidden />
          Tocando agora
        </Text>
        {/* Spaces between the shown words, as in the link's name (WCAG 2.5.3). */}{' '}
        <Text span size="sm" fw={700} lineClamp={1} className={classes.widgetTitle}>
          {title}
        </Text>{' '}
        <Text span size="xs" c="dimmed" lineClamp={1}>
          {subtitle}
        </Text>
      </span>
    </UnstyledButton>
  );
}
