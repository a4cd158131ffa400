import { useState, type CSSProperties } from 'react';
import { Badge, Button, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WeeklySlot } from '@/generated/WeeklySlot';
import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAYS } from '../messages';
import { fromMinutes, hoursText, weekSegments, type DaySegment } from './time';
import classes from '../Schedule.module.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface WeekViewProps {
  slots: WeeklySlot[];
  channelName: string;
  /** Today's ISO weekday (its column is marked, and the phone's day picker starts on it). */
  todayWeekday: number | null;
  /** Seven columns (a computer) or the day picker with the day's list (a phone). */
  wide: boolean;
  onEdit: (slot: WeeklySlot) => void;
  /** A new slot on a day, at an hour when the click was on the grid's empty hour. */
  onAdd: (weekday: number, hour?: number) => void;
}

/** 'Manhã Onda, Segunda, 06:00–10:00, Ao vivo': what a block says to a screen reader. */
function blockLabel(part: DaySegment<WeeklySlot>): string {
  const { slot } = part;
  const fill = slot.fill === 'live' ? M.liveShort : `${M.playlist} ${slot.playlistName ?? ''}`;
  const continued = part.continued ? ` (${M.continued})` : '';
  return `${slot.programTitle}${continued}, ${WEEKDAY_NAMES[part.weekday]}, ${hoursText(slot.start, slot.end)}, ${fill.trim()}`;
}

/** The channel's week: seven columns with blocks sized by time, or one day at a time on a phone. */
export function WeekView(props: WeekViewProps) {
  return props.wide ? <WeekColumns {...props} /> : <DayList {...props} />;
}

function FillBadge({ slot }: { slot: WeeklySlot }) {
  return (
    <Badge size="xs" variant="light" color={slot.fill === 'live' ? 'red' : 'blue'}>
      {slot.fill === 'live' ? M.liveShort : (slot.playlistName ?? M.playlist)}
    </Badge>
  );
}

function WeekColumns({ slots, channelName, todayWeekday, onEdit, onAdd }: WeekViewProps) {
  const days = weekSegments(slots);
  return (
    <div className={classes.weekScroll}>
      <div
        className={classes.week}
        role="group"
        aria-label={M.weekOf(channelName)}
        data-testid="week-view"
      >
        <div className={classes.gutter} aria-hidden>
          <div className={classes.dayHead} />
          <div className={classes.gutterHours}>
            {HOURS.map((hour) => (
              <span key={hour} className={classes.gutterHour}>
                {fromMinutes(hour * 60)}
              </span>
            ))}
          </div>
        </div>
        {WEEKDAYS.map((weekday) => {
          const name = WEEKDAY_NAMES[weekday] ?? '';
          const today = weekday === todayWeekday;
          return (
            <section
              key={weekday}
              className={classes.day}
              aria-label={name}
              data-today={today || undefined}
              data-testid={`day-${weekday}`}
            >
              <h3 className={classes.dayHead}>
                {name}
                {today && (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    ({M.today})
                  </Text>
                )}
              </h3>
              <div className={classes.dayBody}>
                {/* The empty hours: a click adds a slot there (the 'Adicionar horário' button is
                    the keyboard's way to the same form, so these stay out of the tab order). */}
                {HOURS.map((hour) => (
                  <div
                    key={hour}
                    className={classes.hour}
                    title={M.emptyHour(name.toLowerCase(), fromMinutes(hour * 60))}
                    onClick={() => onAdd(weekday, hour)}
                    data-testid={`hour-${weekday}-${hour}`}
                  />
                ))}
                {(days.get(weekday) ?? []).map((part) => (
                  <UnstyledButton
                    key={`${part.slot.id}-${part.continued}`}
                    className={classes.block}
                    data-fill={part.slot.fill}
                    data-continued={part.continued || undefined}
                    data-continues={part.continues || undefined}
                    style={
                      {
                        '--from': part.from,
                        '--length': part.to - part.from,
                      } as CSSProperties
                    }
                    aria-label={blockLabel(part)}
                    onClick={() => onEdit(part.slot)}
                    data-testid={`slot-${part.slot.id}${part.continued ? '-continued' : ''}`}
                  >
                    <span className={classes.blockTitle}>
                      {part.continued && '↳ '}
                      {part.slot.programTitle}
                    </span>
                    <span className={classes.blockHours}>
                      {hoursText(part.slot.start, part.slot.end)}
                    </span>
                    {part.slot.presenters && (
                      <span className={classes.blockPresenters}>{part.slot.presenters}</span>
                    )}
                  </UnstyledButton>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function DayList({ slots, todayWeekday, onEdit, onAdd }: WeekViewProps) {
  const [day, setDay] = useState(String(todayWeekday ?? 1));
  const weekday = Number(day);
  const parts = weekSegments(slots).get(weekday) ?? [];
  const name = WEEKDAY_NAMES[weekday] ?? '';
  return (
    <Stack gap="sm" data-testid="day-view">
      <SegmentedControl
        value={day}
        onChange={setDay}
        fullWidth
        size="xs"
        aria-label={M.day}
        data={WEEKDAYS.map((value) => ({
          value: String(value),
          label: (
            <span aria-label={WEEKDAY_NAMES[value]} title={WEEKDAY_NAMES[value]}>
              {WEEKDAY_SHORT[value]}
            </span>
          ),
        }))}
        data-testid="day-picker"
      />
      <section aria-label={M.dayOf(name)} data-testid={`day-${weekday}`}>
        {parts.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            {M.emptyDay}
          </Text>
        ) : (
          <ul className={classes.dayList}>
            {parts.map((part) => (
              <li key={`${part.slot.id}-${part.continued}`}>
                <UnstyledButton
                  className={classes.dayItem}
                  data-fill={part.slot.fill}
                  aria-label={blockLabel(part)}
                  onClick={() => onEdit(part.slot)}
                  data-testid={`slot-${part.slot.id}${part.continued ? '-continued' : ''}`}
                >
                  <span className={classes.dayItemHours}>
                    {fromMinutes(part.from)}–{fromMinutes(part.to % (24 * 60))}
                  </span>
                  <span className={classes.dayItemText}>
                    <Text span fw={700} size="sm" display="block">
                      {part.continued && '↳ '}
                      {part.slot.programTitle}
                    </Text>
                    {part.slot.presenters && (
                      <Text span size="xs" c="dimmed" display="block">
                        {part.slot.presenters}
                      </Text>
                    )}
                    {(part.continued || part.continues) && (
                      <Text span size="xs" c="dimmed" display="block">
                        {part.continued ? M.continued : M.continuesNextDay}
                      </Text>
                    )}
                  </span>
                  <FillBadge slot={part.slot} />
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onAdd(weekday)}
      >
        {M.addSlot}
      </Button>
    </Stack>
  );
}
