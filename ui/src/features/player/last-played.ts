/** The last-played list's rules (G35) and its time format. */
import type { NowPlaying } from '@/generated/NowPlaying';
import { META_HISTORY_MAX } from '@/lib/constants';
import { playKey } from './now-playing';

/** 'HH:mm' of the item's ISO time, as the station's clock shows it (the time carries -03:00). */
export function hourMinute(time: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(time);
  return match ? `${match[1]}:${match[2]}` : '';
}

/** G35: up to 10, newest first, music only, never the item on air. */
export function lastPlayed(items: readonly NowPlaying[], current: NowPlaying | null): NowPlaying[] {
  const onAir = current ? playKey(current) : null;
  return items
    .filter((item) => item.metaType === 'music' && playKey(item) !== onAir)
    .slice(0, META_HISTORY_MAX);
}
