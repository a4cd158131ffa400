import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { usePlayerMachine } from '@/features/player/hooks';
import { STATS_MESSAGES } from './messages';
import { affiliateStreamUrl } from './api/stats-api';
import classes from './Stats.module.css';
import type { StatsAffiliate } from './types';

/**
 * 'Filiais' (permission 3): one small player per affiliate stream; one plays at a time. Like a
 * podcast player, it pauses the radio while it plays (and the radio resumes after), and the radio
 * starting pauses it.
 */
export function AffiliatesSection({
  affiliates,
  affiliatesUrl,
}: {
  affiliates: StatsAffiliate[];
  affiliatesUrl: string;
}) {
  const [playing, setPlaying] = useState<string | null>(null);
  const player = usePlayerMachine();
  useEffect(() => player.registerPodcastPlayer({ pause: () => setPlaying(null) }), [player]);
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (playing && !wasPlaying.current) player.podcastStarted();
    if (!playing && wasPlaying.current) player.podcastStopped();
    wasPlaying.current = playing !== null;
  }, [playing, player]);
  useEffect(
    () => () => {
      if (wasPlaying.current) player.podcastStopped();
    },
    [player],
  );

  return (
    <section
      aria-labelledby="stats-affiliates-title"
      className={classes.section}
      data-testid="stats-affiliates"
    >
      <Title order={2} id="stats-affiliates-title" className={classes.sectionTitle}>
        {STATS_MESSAGES.affiliatesTitle}
      </Title>
      {affiliates.length === 0 ? (
        <Text c="dimmed" mt="sm">
          Nenhuma filial cadastrada.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          mt="sm"
          component="ul"
          className={classes.counterList}
        >
          {affiliates.map((affiliate) => (
            <AffiliatePlayer
              key={affiliate.sid}
              affiliate={affiliate}
              src={affiliateStreamUrl(affiliatesUrl, affiliate.sid)}
              playing={playing === affiliate.sid}
              onPlay={() => setPlaying(affiliate.sid)}
              onStop={() => setPlaying((current) => (current === affiliate.sid ? null : current))}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

function AffiliatePlayer({
  affiliate,
  src,
  playing,
  onPlay,
  onStop,
}: {
  affiliate: StatsAffiliate;
  src: string;
  playing: boolean;
  onPlay: () => void;
  onStop: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = useState(false);

  // Another affiliate started (or this one was stopped): drop the connection, not just pause.
  useEffect(() => {
    const element = audio.current;
    if (!element || playing) return;
    if (element.getAttribute('src')) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
  }, [playing]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) return onStop();
    setFailed(false);
    element.src = src;
    onPlay();
    element.play()?.catch(() => {
      setFailed(true);
      onStop();
    });
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={`affiliate-${affiliate.sid}`}>
      <Group wrap="nowrap" gap="sm">
        <ActionIcon
          size="lg"
          radius="xl"
          variant={playing ? 'filled' : 'light'}
          onClick={toggle}
          aria-label={`${playing ? 'Pausar' : 'Tocar'} ${affiliate.name}`}
          aria-pressed={playing}
        >
          {playing ? (
            <IconPlayerPauseFilled size={18} aria-hidden />
          ) : (
            <IconPlayerPlayFilled size={18} aria-hidden />
          )}
        </ActionIcon>
        <div className={classes.affiliateText}>
          <Text fw={600} size="sm" truncate>
            {affiliate.name}
          </Text>
          <Text size="xs" c={failed ? 'red.7' : 'dimmed'} truncate>
            {failed ? 'Não foi possível tocar o stream.' : src}
          </Text>
        </div>
      </Group>
      <audio
        ref={audio}
        preload="none"
        onEnded={onStop}
        onError={() => playing && setFailed(true)}
      />
    </Paper>
  );
}
