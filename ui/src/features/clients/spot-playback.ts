import type { Spot } from '@/generated/Spot';
import type { PlayerMachine, PlayerSnapshot } from '@/features/player/player-machine';
import { track } from '@/lib/analytics';
import { DEFAULT_SPOT_IMAGE, SPOTS_ANALYTICS_CATEGORY } from './clients';

const spotId = (spot: Spot) => `spot:${spot.slug}`;

/** Whether `spot` is the on-demand item the player holds, and whether it is heard now. */
export function spotState(player: PlayerSnapshot, spot: Spot): 'playing' | 'paused' | 'idle' {
  const item = player.queue?.items[player.queue.index];
  if (player.isLive !== 'otherMedia' || item?.id !== spotId(spot)) return 'idle';
  return player.shouldBePlaying && (player.status === 'playing' || player.status === 'loading')
    ? 'playing'
    : 'paused';
}

/** doc2 §4.5: same source playing → pause; same source paused → resume; otherwise start it. */
export function toggleSpot(machine: PlayerMachine, player: PlayerSnapshot, spot: Spot): void {
  const state = spotState(player, spot);
  if (state === 'playing') {
    track(SPOTS_ANALYTICS_CATEGORY, 'pause', spot.slug);
    machine.pause();
  } else if (state === 'paused') {
    track(SPOTS_ANALYTICS_CATEGORY, 'resume', spot.slug);
    machine.resumeQueue();
  } else if (spot.audioFile) {
    track(SPOTS_ANALYTICS_CATEGORY, 'play', spot.slug);
    machine.playQueue([
      {
        id: spotId(spot),
        src: spot.audioFile,
        title: spot.name,
        artist: spot.clientName,
        cover: spot.imageFile ?? spot.clientImageFile ?? DEFAULT_SPOT_IMAGE,
      },
    ]);
  }
}
