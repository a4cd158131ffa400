/**
 * Data the server wrote into the page (server/src/web.rs, `<script type="application/json"
 * id="onda-initial-data">`) so the shell's first frame has it without waiting for an API call: today
 * the active treasure hunt, whose banner above the page would otherwise push everything down when it
 * arrives (issue 19). Pages the desktop app serves itself carry none; callers then fetch as before.
 */
import type { HuntInfo } from '@/generated/HuntInfo';

export const INITIAL_DATA_ID = 'onda-initial-data';

export interface InitialData {
  /** The active hunt; null when none is active; absent when the page did not say. */
  huntInfo?: HuntInfo | null;
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
