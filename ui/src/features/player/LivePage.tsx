/**
 * /ouvir-radio-online (doc1 §2, §4; G35, G65): the live page.
 *
 * data-testids (stable, used by the browser tests):
 * - `live-play-button`          the big play button; accessible name = its label
 *                               ('Tocar' | 'Carregando...' | 'Pausar')
 * - `live-now-playing`, `live-song`, `live-artist`   what is on air (cover 1000: `live-cover`)
 * - `live-stream-name`          the selected stream
 * - `rating-like`, `rating-dislike`   like/dislike (desktop: in the hero; mobile: in the sheet)
 * - `player-stalled`, `player-error`, `player-notice` (data-kind)   the player's texts;
 *   `pro-subscribe` the 'Seja um assinante!' button of the PRO notice
 * - `stream-list` (`stream-list-loading`), `stream-option` (data-stream-id, aria-pressed)
 * - `last-played` (`last-played-loading`, `last-played-empty`), `last-played-item`
 * - `share-links` (links with data-network)
 * - `live-sheet` (mobile), `live-sheet-share-toggle`, `live-sheet-rate-toggle`,
 *   `live-sheet-share`, `live-sheet-rate`
 * - `ad-overlay` (data-phase) is global, rendered by PlayerHost.
 * - `timeshift-panel` and its controls (components/Timeshift.tsx) under the play button, once the
 *   radio was played on a stream that has them; behind live the hero shows what was on air at the
 *   instant heard, and the 'Ao vivo' badge (`live-badge`) gives way to the panel's button.
 */
import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@/lib/router';
import { Later } from '@/components/Later/Later';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useBreakpoint } from '@/lib/breakpoints';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { lazyNamed } from '@/lib/lazy';
import { useStation } from '@/lib/station';
import { OnAirLines } from '@/features/programmes/OnAir';
import { CoverArt } from './components/CoverArt';
import { MobileLiveSheet } from './components/MobileLiveSheet';
import { PlayButton } from './components/PlayButton';
import { PlayerNotices } from './components/PlayerNotices';
import { RatingButtons } from './components/RatingButtons';
import { ShareLinks } from './components/ShareLinks';
import { usePlayer, useShownNowPlaying } from './hooks';
import { PLAYER_TEXT } from './messages';
import classes from './LivePage.module.css';

const LiveMore = lazyNamed(() => import('./LiveMore'), 'LiveMore');
const TimeshiftPanel = lazyNamed(() => import('./components/Timeshift'), 'TimeshiftPanel');

function useShare(song: string | null, artist: string | null) {
  const { station } = useStation();
  const name = station?.name ?? '';
  const origin =
    station?.publicUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  const url = `${origin.replace(/\/+$/, '')}${LIVE_PAGE_PATH}`;
  const text =
    song && artist ? `Estou ouvindo ${song} - ${artist} na ${name}` : `Ouça a ${name} ao vivo`;
  return { url, text };
}

export interface LivePageProps {
  /**
   * Only the hero: what a phone's first screen shows (the server draws it into the page's HTML,
   * ui/src/prerender/shell.tsx, so the cover, the page's largest paint, shows before the scripts).
   * React's first frame draws the same hero and goes on below it.
   */
  firstScreen?: boolean;
}

export function LivePage({ firstScreen = false }: LivePageProps) {
  const { station } = useStation();
  const name = station?.name ?? '';
  const { isMobile } = useBreakpoint();
  const state = usePlayer();
  const { current, loading, behind } = useShownNowPlaying();
  // Offered once the radio was played: the panel's arrival then follows the listener's click.
  const timeshift = !!state.timeshift && state.isLive === true && !state.locked;
  const music = current?.metaType === 'music' && current.song ? current : null;
  const share = useShare(music?.song ?? null, music?.artist ?? null);
  const details = [music?.album, music?.year ? String(music.year) : null].filter(Boolean);

  return (
    <PageFrame
      title="Ouvir rádio online"
      heading={`${name || 'Rádio'} ao vivo`}
      description="A programação ao vivo, a música que está tocando agora e as últimas tocadas."
      compactOnPhone
    >
      <Stack gap={40} pb={isMobile ? 72 : 0}>
        <section className={classes.hero} aria-label="Tocando agora" data-testid="live-now-playing">
          <div className={classes.coverWrap}>
            <CoverArt
              src={music?.cover['1000']}
              size="100%"
              alt={music ? `Capa de ${music.song}` : ''}
              loading={loading && !current}
              radius="lg"
              className={classes.cover}
              priority
            />
          </div>
          <Stack gap="sm" className={classes.heroText}>
            <Group gap="xs">
              {!behind && (
                <Badge
                  variant="light"
                  color="red"
                  leftSection={<span className={classes.liveDot} aria-hidden />}
                  data-testid="live-badge"
                >
                  Ao vivo
                </Badge>
              )}
              {state.stream && (
                <Badge variant="outline" color="gray" data-testid="live-stream-name">
                  {state.stream.streamName}
                </Badge>
              )}
            </Group>
            {loading && !current ? (
              <Stack gap="xs" aria-hidden>
                <Skeleton height={30} width="70%" />
                <Skeleton height={18} width="45%" />
              </Stack>
            ) : (
              <div>
                <Title order={2} className={classes.song} data-testid="live-song">
                  {music?.song ?? name}
                </Title>
                <Text size="lg" c="dimmed" data-testid="live-artist">
                  {music?.artist ? (
                    music.artistSlug ? (
                      <Link to={`/artistas/${music.artistSlug}`} className={classes.artistLink}>
                        {music.artist}
                      </Link>
                    ) : (
                      music.artist
                    )
                  ) : !music && current?.metaType === 'commercial' ? (
                    PLAYER_TEXT.onAirBreak
                  ) : (
                    PLAYER_TEXT.onAirProgramme
                  )}
                </Text>
                {details.length > 0 && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {details.join(' · ')}
                  </Text>
                )}
              </div>
            )}
          </Stack>
          {/* The play button under the song: beside the cover on a wide screen, across the page
              under cover and song on a phone, so all three are on its first screen. */}
          <Stack gap="sm" className={classes.heroActions}>
            <Group gap="sm" mt="xs">
              <PlayButton variant="live" />
              {!isMobile && <RatingButtons variant="labels" testId="rating" />}
            </Group>
            {/* The player's texts first, right under the button they answer. */}
            <PlayerNotices />
            <OnDemand when={timeshift}>
              <TimeshiftPanel />
            </OnDemand>
            {!isMobile && <ShareLinks url={share.url} text={share.text} />}
          </Stack>
        </section>
        {/* The programme on air and the next one, from the grid (nothing between programmes):
            under the hero, whose content is centred, so their arrival after the first frame moves
            nothing in it. */}
        <OnAirLines reserve />

        {!firstScreen && (
          // The channels, the last played and the news: below the hero, drawn after it in a chunk
          // of their own (what the page loads first).
          <Later standInClassName={classes.moreStandIn}>
            <LiveMore />
          </Later>
        )}
      </Stack>
      {isMobile && !firstScreen && <MobileLiveSheet shareUrl={share.url} shareText={share.text} />}
    </PageFrame>
  );
}
