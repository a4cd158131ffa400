/**
 * The words and times of timeshift: how far behind live the listener is, and the time of day of an
 * instant of the recording. Times are Brasília's (UTC−3 all year, as the programme grid writes
 * them), whatever the visitor's time zone: they match the programmes' 'HH:MM'.
 */

/** Brasília has had no daylight saving time since 2019. */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'há 45 s do ao vivo', 'há 12 min do ao vivo', 'há 1 h 05 min do ao vivo'. */
export function behindLiveText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `há ${seconds} s do ao vivo`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `há ${minutes} min do ao vivo`;
  return `há ${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min do ao vivo`;
}

/** The same, compact, as a clock counting back from live: '−0:45', '−12:34', '−1:02:03'. */
export function behindLiveShort(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = pad(seconds % 60);
  return hours > 0 ? `−${hours}:${pad(minutes)}:${rest}` : `−${minutes}:${rest}`;
}

/** The time of day of an instant, Brasília: '13:42:10'. */
export function clockTime(ms: number): string {
  const local = new Date(ms + BRASILIA_OFFSET_MS);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}
