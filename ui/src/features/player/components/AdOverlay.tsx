import { Anchor, Progress, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { AD_HEIGHT, AD_WIDTH } from '@/lib/constants';
import { useStationName } from '@/lib/station';
import { usePlayer, usePlayerMachine } from '../hooks';
import { PLAYER_TEXT } from '../messages';
import classes from './Player.module.css';

/**
 * The preroll's frame (doc1 §4, §9: 640x360; scaled down with its aspect ratio on small screens),
 * labelled 'Publicidade', shown while the ad is loaded and heard. The live stream follows it.
 */
export function AdOverlay() {
  const { ad } = usePlayer();
  const player = usePlayerMachine();
  const stationName = useStationName();
  if (!ad || ad.phase === 'waiting') return null;

  const remaining =
    ad.durationS !== null ? Math.max(0, Math.ceil(ad.durationS - ad.positionS)) : null;
  const progress = ad.durationS ? Math.min(100, (ad.positionS / ad.durationS) * 100) : 0;

  return (
    <div className={classes.adBackdrop} data-testid="ad-overlay" data-phase={ad.phase}>
      <section
        className={classes.adFrame}
        style={{ maxWidth: AD_WIDTH, aspectRatio: `${AD_WIDTH} / ${AD_HEIGHT}` }}
        aria-label={PLAYER_TEXT.ad}
        aria-live="polite"
      >
        <Text
          className={classes.adLabel}
          size="xs"
          fw={800}
          tt="uppercase"
          data-over-image={ad.imageUrl ? true : undefined}
        >
          {PLAYER_TEXT.ad}
        </Text>
        {ad.imageUrl ? (
          <img src={ad.imageUrl} alt={ad.title} className={classes.adImage} />
        ) : (
          <div className={classes.adBody}>
            <IconSpeakerphone size={40} stroke={1.5} aria-hidden />
            <Text fw={800} size="lg" ta="center" lineClamp={2}>
              {ad.title || stationName}
            </Text>
          </div>
        )}
        <div className={classes.adFooter}>
          <Text size="sm" className={classes.adHint}>
            {remaining !== null && ad.phase === 'playing'
              ? `A rádio começa em ${remaining} s`
              : 'A rádio começa logo após o anúncio'}
          </Text>
          {ad.clickThroughUrl && (
            <Anchor
              href={ad.clickThroughUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              size="sm"
              className={classes.adLink}
              onClick={() => player.adClickThrough()}
            >
              Saiba mais
            </Anchor>
          )}
        </div>
        <Progress
          value={progress}
          size="sm"
          radius={0}
          className={classes.adProgress}
          aria-label="Andamento do anúncio"
          color="onda"
        />
      </section>
    </div>
  );
}
