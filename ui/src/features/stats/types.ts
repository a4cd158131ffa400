/**
 * Wire types of /api/v1/stats/* (doc3 §3, §7; G20–G22), generated from shared/src/stats.rs.
 */
import type { FilteredListeners } from '@/generated/FilteredListeners';
import type { FilteredSessions } from '@/generated/FilteredSessions';
import type { LiveListeners } from '@/generated/LiveListeners';

export type { CacheCleaned } from '@/generated/CacheCleaned';
export type { FilteredListeners } from '@/generated/FilteredListeners';
export type { FilteredSessions } from '@/generated/FilteredSessions';
export type { ImpactReport } from '@/generated/ImpactReport';
export type { LiveListeners } from '@/generated/LiveListeners';
export type { PermissionsContent } from '@/generated/PermissionsContent';
export type { SeriesStats } from '@/generated/SeriesStats';
export type { SessionStats } from '@/generated/SessionStats';
export type { StatsAffiliate } from '@/generated/StatsAffiliate';
export type { StatsChannel } from '@/generated/StatsChannel';
export type { StatsLink } from '@/generated/StatsLink';
export type { UserPermissions } from '@/generated/UserPermissions';

/** One minute sample: `time` (YYYY-MM-DD HH:mm:ss, Brasília) plus a count per channel key. */
export type ListenerSample = LiveListeners['listeners'][number];

/**
 * The two history calls together: the samples (getFilteredListeners) and the session figures
 * (getFilteredSessions), `null` until they arrive — the chart does not wait for them.
 */
export type HistoryData = FilteredListeners & {
  sessionStats: FilteredSessions['sessionStats'] | null;
};
