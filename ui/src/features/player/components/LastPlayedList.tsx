import { useEffect, useRef } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { META_HISTORY_MIN_AGE_MS } from '@/lib/constants';
import { useDrawnLater } from '@/lib/drawn-later';
import { metaHistoryQueryOptions } from '../api/live-api';
import { useNowPlaying } from '../hooks';
import { hourMinute, lastPlayed } from '../last-played';
import { playKey } from '../now-playing';
import { CoverArt } from './CoverArt';
import classes from './Player.module.css';

function EmptyText() {
  return (
    <Text c="dimmed" size="sm" data-testid="last-played-empty">
      As músicas tocadas aparecem aqui.
    </Text>
  );
}

/**
 * The last-played songs of the selected stream (G35): cover 150, song, artist, HH:mm. Refreshed
 * when the track on air changes, but only when the list is older than 15 s (doc1 §9) — a change
 * sooner is picked up as soon as it is 15 s old; another stream is another list.
 */
export function LastPlayedList() {
  const { metaId, current } = useNowPlaying();
  const client = useQueryClient();
  const options = metaHistoryQueryOptions(metaId ?? '');
  const query = useDrawnLater(useQuery({ ...options, enabled: !!metaId }));
  const currentKey = current ? playKey(current) : null;

  // The first item on air after loading changes nothing in the list; the next ones do.
  const previousKey = useRef<string | null>(null);
  useEffect(() => {
    const changed = previousKey.current !== null && previousKey.current !== currentKey;
    previousKey.current = currentKey;
    if (!metaId || !currentKey || !changed) return;
    const state = client.getQueryState(options.queryKey);
    if (!state?.dataUpdatedAt) return;
    const age = Date.now() - state.dataUpdatedAt;
    const refresh = () => void client.refetchQueries({ queryKey: options.queryKey, exact: true });
    if (age >= META_HISTORY_MIN_AGE_MS) {
      refresh();
      return;
    }
    const timer = setTimeout(refresh, META_HISTORY_MIN_AGE_MS - age);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is derived from metaId
  }, [client, metaId, currentKey]);

  if (!metaId) return <EmptyText />;
  if (query.isPending) {
    return (
      <Stack gap="xs" data-testid="last-played-loading">
        {[0, 1, 2, 3].map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton width={56} height={56} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="40%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  const items = lastPlayed(query.data ?? [], current);
  // A failed call is only logged (doc1 §8 Other): the same quiet text as an empty list.
  if (items.length === 0) return <EmptyText />;

  return (
    <ol className={classes.history} data-testid="last-played">
      {items.map((item) => (
        <li key={playKey(item)} className={classes.historyItem} data-testid="last-played-item">
          <CoverArt src={item.cover['150']} size={56} alt="" />
          <div className={classes.historyText}>
            <Text fw={700} size="sm" lineClamp={1}>
              {item.song}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {item.artist}
            </Text>
          </div>
          <Text
            component="time"
            dateTime={item.time}
            size="sm"
            c="dimmed"
            className={classes.historyTime}
          >
            {hourMinute(item.time)}
          </Text>
        </li>
      ))}
    </ol>
  );
}
