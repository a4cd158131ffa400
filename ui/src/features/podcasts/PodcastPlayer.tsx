import { Button, Loader } from '@mantine/core';
import { IconHeadphones } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePlayerMachine } from '@/features/player/hooks';
import { track } from '@/lib/analytics';
import {
  PODCAST_FAIL_EVENT_MS,
  PODCAST_HEIGHTS,
  PODCAST_LOAD_PERIOD_MS,
  PODCAST_NOT_LOADED_EVENT,
} from './messages';

/** Words the player host's widget posts for its state (mixcloud widget API style). */
function playerEvent(data: unknown): 'play' | 'pause' | null {
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? '');
  if (/\b(play|playing)\b/i.test(text)) return 'play';
  if (/\b(pause|paused|ended)\b/i.test(text)) return 'pause';
  return null;
}

/**
 * The embedded podcast player (doc2 §2 Podcasts, PD-03): a load button first, the iframe after the
 * 700 ms loading period; 'podcast_not_loaded' is tracked if the iframe has not loaded 7 s later
 * (G58). Playing it pauses the live radio, which resumes when it pauses; the radio starting pauses
 * it (PL-18, through the player machine's podcast handles).
 */
export function PodcastPlayer({
  url,
  title,
  style = 'standard',
  label,
  immediate = false,
}: {
  url: string;
  title: string;
  style?: string;
  label: string;
  /** The frame at once, without the load button's period (the listener asked for it). */
  immediate?: boolean;
}) {
  const [ready, setReady] = useState(immediate);
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const machine = usePlayerMachine();
  const height = PODCAST_HEIGHTS[style] ?? 200;

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), PODCAST_LOAD_PERIOD_MS);
    return () => window.clearTimeout(timer);
  }, [url]);

  useEffect(() => {
    if (!ready || loaded) return;
    const timer = window.setTimeout(
      () => track('podcasts', PODCAST_NOT_LOADED_EVENT, label),
      PODCAST_FAIL_EVENT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [ready, loaded, label]);

  useEffect(() => {
    if (!ready) return;
    const unregister = machine.registerPodcastPlayer({
      pause: () => frame.current?.contentWindow?.postMessage({ method: 'pause' }, '*'),
    });
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const kind = playerEvent(event.data);
      if (kind === 'play') machine.podcastStarted();
      if (kind === 'pause') machine.podcastStopped();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      unregister();
    };
  }, [ready, machine]);

  if (!ready) {
    return (
      <Button
        variant="light"
        fullWidth
        h={Math.max(height, 52)}
        leftSection={<IconHeadphones size={20} aria-hidden />}
        rightSection={<Loader size="xs" />}
        onClick={() => setReady(true)}
        data-testid="podcast-load-button"
      >
        Carregar podcast
      </Button>
    );
  }
  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      width="100%"
      height={height}
      style={{ border: 0, display: 'block' }}
      allow="autoplay"
      loading="lazy"
      onLoad={() => setLoaded(true)}
      data-testid="podcast-iframe"
    />
  );
}
