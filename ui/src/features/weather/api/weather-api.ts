/**
 * The weather strip's calls (doc2 §2 Home widgets; G23, S16): weather, place and air quality at the
 * listener's position, through our own server's proxies (no provider key or tracker reaches the
 * browser). Each is asked once per page and position: the answers are kept for the whole visit.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AirQuality } from '@/generated/AirQuality';
import type { Place } from '@/generated/Place';
import type { Weather } from '@/generated/Weather';
import { api } from '@/lib/api';
import { WEATHER_COORD_DECIMALS } from '@/lib/constants';

/** A position, already rounded to the server's cache cell ({@link roundCoords}). */
export interface Coords {
  lat: number;
  lon: number;
}

const factor = 10 ** WEATHER_COORD_DECIMALS;

/** About 1 km: the browser sends no more precision than the server's cache cell uses. */
export function roundCoords(lat: number, lon: number): Coords {
  return { lat: Math.round(lat * factor) / factor, lon: Math.round(lon * factor) / factor };
}

const at = ({ lat, lon }: Coords) => `lat=${lat}&lon=${lon}`;

export const weatherApi = {
  getWeather: (coords: Coords) => api.get<Weather>(`external/weather?${at(coords)}`),
  getPlace: (coords: Coords) => api.get<Place>(`external/geocode?${at(coords)}`),
  getAir: (coords: Coords) => api.get<AirQuality>(`external/air?${at(coords)}`),
};

/**
 * Once per page: never stale, one retry (the server already waited for the provider and answers
 * 502/503 only when it has nothing, not even a stale copy).
 */
const once = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const weatherQueryOptions = (coords: Coords) =>
  queryOptions({
    queryKey: ['weather', 'weather', coords.lat, coords.lon],
    queryFn: () => weatherApi.getWeather(coords),
    ...once,
  });

export const placeQueryOptions = (coords: Coords) =>
  queryOptions({
    queryKey: ['weather', 'place', coords.lat, coords.lon],
    queryFn: () => weatherApi.getPlace(coords),
    ...once,
  });

export const airQueryOptions = (coords: Coords) =>
  queryOptions({
    queryKey: ['weather', 'air', coords.lat, coords.lon],
    queryFn: () => weatherApi.getAir(coords),
    ...once,
  });
