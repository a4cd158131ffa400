/**
 * Data the server wrote into the page (server/src/web/initial_data.rs, `InitialData`, in `<script
 * type="application/json" id="onda-initial-data">`) so React's first frame has it without waiting
 * for an API call: the active treasure hunt (its banner would otherwise push the page
 * down when it arrives), the station profile, the app parameters (the logo and the top bar's text), the public stream list and what the main stream has on
 * air (drawn at once instead of after the first poll, 1.5 s after start); on a news item's page the
 * item, and on /musicas the first page of the list (their pictures are those pages' largest paint).
 * Each is the answer of the endpoint the UI would otherwise call. Pages the desktop app serves itself carry none, and a lookup
 * that failed on the server is left out; callers then fetch as before.
 */
import type { AppParameters } from '@/generated/AppParameters';
import type { HuntInfo } from '@/generated/HuntInfo';
import type { Music } from '@/generated/Music';
import type { NewsItem } from '@/generated/NewsItem';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { StationInfo } from '@/generated/StationInfo';
import type { Stream } from '@/generated/Stream';

export const INITIAL_DATA_ID = 'onda-initial-data';

export interface InitialData {
  /** The active hunt; null when none is active; absent when the page did not say. */
  huntInfo?: HuntInfo | null;
  /** GET station. */
  station?: StationInfo;
  /** GET getAppParameters: the logo and the top bar from the first frame. */
  appParameters?: AppParameters;
  /** GET aovivo/getAvailableStreams. */
  streams?: Stream[];
  /** GET aovivo/getCurrentSongInfo of the station's main stream; absent when nothing is on air. */
  nowPlaying?: NowPlaying;
  /** GET news/getSingleNews/{slug} on that item's page. */
  newsItem?: NewsItem;
  /** GET getMusicData/0/{count} on /musicas without filters, with the page size it asked. */
  musicList?: { count: number; items: Music[] };
}

/** Parses the page's initial data; an absent or malformed element gives `{}`. */
export function readInitialData(doc: Document = document): InitialData {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as InitialData) : {};
  } catch {
    return {};
  }
}
