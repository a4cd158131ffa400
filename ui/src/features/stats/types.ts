/**
 * Wire types of /api/v1/stats/* (doc3 §3, §7; G20–G22). They mirror shared/src/stats.rs until its
 * generated twins land in ui/src/generated; then this file re-exports those.
 */

export interface StatsAffiliate {
  sid: string;
  name: string;
}

export interface StatsLink {
  label: string;
  url: string;
}

export interface PermissionsContent {
  /** With permission 3 only. */
  affiliates: StatsAffiliate[];
  /** With permission 3: `affiliatesUrl + sid + '.mp3'` plays an affiliate's stream. */
  affiliatesUrl: string;
  /** With permission 2 only. */
  links: StatsLink[];
}

export interface UserPermissions {
  userPermissions: number[];
  content: PermissionsContent;
}

export interface StatsChannel {
  key: string;
  label: string;
  pro: boolean;
}

/** One minute sample: `time` (YYYY-MM-DD HH:mm:ss, Brasília) plus a count per channel key. */
export type ListenerSample = { time: string } & Record<string, number | string>;

export interface LiveListeners {
  /** The last hour of minute samples, oldest first; the last one is the live count. */
  listeners: ListenerSample[];
  channels: StatsChannel[];
}

export interface SeriesStats {
  max: number[];
  min: number[];
  mean: number[];
}

export interface SessionStats {
  averageListeners: number[];
  uniqueListeners: number[];
  listeningHours: number[];
  averageSessionMinutes: number[];
}

export interface FilteredListeners {
  /** Bucket starts, YYYY-MM-DD HH:mm (Brasília). */
  timeData: string[];
  listenersData: Record<string, SeriesStats>;
  sessionStats: Record<string, SessionStats>;
}

export interface ImpactReport {
  timeData: string[];
  /** Listeners per stream at each instant; 0: the stream could not be read. */
  listenersData: Record<string, number[]>;
  totalListeners: number;
  totalNumInserts: number;
}

export interface CacheCleaned {
  cleaned: string[];
}
