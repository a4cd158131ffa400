/**
 * On air now and next from the programme grid, where a listener looks: the live page (two lines),
 * the home hero (one line) and the player bar (a pill). Nothing at all while the grid has no
 * programme on air (the autoDJ's music between programmes) or its answer has not come.
 */
import { Link } from '@/lib/router';
import { useScheduleNow } from './api/use-schedule-now';
import { nextLabel, programmePath, SCHEDULE_TEXT, withPresenters } from './schedule-format';
import { useClock } from './use-clock';
import { useListenerChannel } from './use-listener-channel';
import classes from './OnAir.module.css';

function useOnAir(streamId?: string | null) {
  const listener = useListenerChannel();
  const channel = streamId === undefined ? listener : streamId;
  const { data } = useScheduleNow(channel);
  return data?.now ? { now: data.now, next: data.next } : null;
}

/** The live page: 'No ar: Manhã da Onda · com Ana e Beto · até 10:00' and 'A seguir: …'. */
export function OnAirLines({
  streamId,
  reserve = false,
}: {
  streamId?: string | null;
  /** Keep the lines' room while nothing is known, so their arrival moves nothing below them. */
  reserve?: boolean;
}) {
  const onAir = useOnAir(streamId);
  const clock = useClock();
  if (!onAir)
    return reserve ? <div className={`${classes.lines} ${classes.reserved}`} aria-hidden /> : null;
  const { now, next } = onAir;
  const presenters = withPresenters(now.presenters);
  return (
    <div
      className={reserve ? `${classes.lines} ${classes.reserved}` : classes.lines}
      data-testid="on-air-programme"
    >
      <p className={classes.nowLine}>
        <span className={classes.label}>{SCHEDULE_TEXT.onAir}:</span>{' '}
        <Link to={programmePath(now.program.slug)} className={classes.link}>
          {now.program.title}
        </Link>
        {presenters && ` · ${presenters}`} · até {now.end}
      </p>
      {next && (
        <p className={classes.nextLine} data-testid="next-programme">
          {SCHEDULE_TEXT.next}:{' '}
          <Link to={programmePath(next.program.slug)} className={classes.link}>
            {next.program.title}
          </Link>{' '}
          {nextLabel(next, clock)}
        </p>
      )}
    </div>
  );
}

/**
 * The home hero's compact line: 'No ar: Manhã da Onda · até 10:00'. Its one line of room is kept
 * while nothing is known yet (the first frame is drawn before any data): the hero is centred, so a
 * line arriving later would move its heading.
 */
export function OnAirHeroLine() {
  const onAir = useOnAir();
  if (!onAir) return <p className={classes.hero} aria-hidden />;
  const { now } = onAir;
  return (
    <p className={classes.hero} data-testid="hero-on-air">
      <span className={classes.label}>{SCHEDULE_TEXT.onAir}:</span>{' '}
      <Link to={programmePath(now.program.slug)} className={classes.link}>
        {now.program.title}
      </Link>{' '}
      · até {now.end}
    </p>
  );
}

/** The player bar's pill with the programme's name; CSS hides it where the bar has no room. */
export function OnAirBarPill() {
  const onAir = useOnAir();
  if (!onAir) return null;
  const { now } = onAir;
  return (
    <Link
      to={programmePath(now.program.slug)}
      className={classes.bar}
      title={`${SCHEDULE_TEXT.onAir}: ${now.program.title}`}
      data-testid="player-bar-programme"
    >
      <span className={classes.barLabel}>{SCHEDULE_TEXT.onAir}</span> {now.program.title}
    </Link>
  );
}
