/**
 * The now-playing push channel: `GET /api/v1/aovivo/events/{metaId}`, server-sent events named
 * `nowplaying` carrying a {@link NowPlayingEvent}. The first message is the item on air, then one
 * per track change. The same channel carries `programme` events (the programme grid's now and
 * next), handed to programme-events.ts. Reconnects with a backoff of 1 s doubling to 30 s (reset by
 * any message).
 * Without EventSource (old browsers) it does nothing: the polling alone keeps the widget current.
 */
import type { NowPlayingEvent } from '@/generated/NowPlayingEvent';
import { NOW_PLAYING_EVENTS_RETRY_MAX_MS, NOW_PLAYING_EVENTS_RETRY_MIN_MS } from '@/lib/constants';
import { nowPlayingEventsUrl } from './api/live-api';
import { publishProgrammeEvent } from './programme-events';

export type NowPlayingEventsOpener = (
  metaId: string,
  onEvent: (event: NowPlayingEvent) => void,
) => () => void;

function isNowPlayingEvent(value: unknown): value is NowPlayingEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'nowPlaying' in value &&
    typeof value.nowPlaying === 'object' &&
    value.nowPlaying !== null &&
    'serverTimeMs' in value &&
    typeof value.serverTimeMs === 'number'
  );
}

/** `null` when the browser has no EventSource. */
export function eventSourceOpener(): NowPlayingEventsOpener | null {
  if (typeof window === 'undefined' || typeof window.EventSource !== 'function') return null;
  return (metaId, onEvent) => {
    let source: EventSource | null = null;
    let retryMs = NOW_PLAYING_EVENTS_RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const connect = () => {
      if (closed) return;
      const current = new window.EventSource(nowPlayingEventsUrl(metaId));
      source = current;
      current.addEventListener('nowplaying', (message) => {
        retryMs = NOW_PLAYING_EVENTS_RETRY_MIN_MS;
        try {
          const data: unknown = JSON.parse((message as MessageEvent<string>).data);
          if (isNowPlayingEvent(data)) onEvent(data);
        } catch {
          // A malformed message is skipped; the next one or the polling will do.
        }
      });
      current.addEventListener('programme', (message) => {
        retryMs = NOW_PLAYING_EVENTS_RETRY_MIN_MS;
        try {
          publishProgrammeEvent(JSON.parse((message as MessageEvent<string>).data));
        } catch {
          // As above: the programme is also fetched again when the one on air ends.
        }
      });
      current.addEventListener('error', () => {
        // Our own backoff instead of the browser's fixed retry (and a closed channel is reopened).
        current.close();
        if (closed || source !== current) return;
        source = null;
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, NOW_PLAYING_EVENTS_RETRY_MAX_MS);
      });
    };

    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    };
  };
}
