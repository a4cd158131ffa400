/**
 * The channel whose programme a listener hears: the stream the player has selected (the Dolby
 * Atmos twin plays the main stream's grid), else the station's main stream.
 */
import { usePlayer } from '@/features/player/hooks';
import { useStation } from '@/lib/station';
import { scheduleChannelOf } from './api/use-schedule-now';

export function useListenerChannel(): string | null {
  const { stream } = usePlayer();
  const { station } = useStation();
  if (stream) return scheduleChannelOf(stream);
  return station?.mainStreamId || null;
}
