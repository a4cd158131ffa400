/**
 * GET /api/v1/station: the configurable station profile (name, links, phones, social networks,
 * apps). The last profile seen is kept in localStorage, so a visit while the API is down still shows
 * the right name; {@link FALLBACK_STATION_NAME} is only used before any profile was ever loaded.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationInfo } from '@/generated/StationInfo';
import { api } from './api';
import { FALLBACK_STATION_NAME, SHELL_DATA_STALE_MS } from './constants';
import { readLocalJson, writeLocalJson } from './storage';

const CACHE_KEY = 'onda.station';

function isStationInfo(value: unknown): value is StationInfo {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'social' in value &&
    Array.isArray(value.social) &&
    'apps' in value &&
    Array.isArray(value.apps)
  );
}

export async function getStation(): Promise<StationInfo> {
  const station = await api.get<StationInfo>('station');
  writeLocalJson(CACHE_KEY, station);
  return station;
}

export function cachedStation(): StationInfo | undefined {
  const cached = readLocalJson<unknown>(CACHE_KEY);
  return isStationInfo(cached) ? cached : undefined;
}

export const stationQueryOptions = () =>
  queryOptions({
    queryKey: ['station'],
    queryFn: getStation,
    staleTime: SHELL_DATA_STALE_MS,
  });

/** The station profile: fresh data, else the cached profile, else `undefined`. */
export function useStation(): { station: StationInfo | undefined; isLoading: boolean } {
  const query = useQuery({ ...stationQueryOptions(), placeholderData: cachedStation });
  return { station: query.data, isLoading: query.isLoading };
}

/** The station's name for titles, the logo fallback and the footer. */
export function useStationName(): string {
  const { station } = useStation();
  return station?.name || FALLBACK_STATION_NAME;
}
