/**
 * The listener's position for the weather strip. The page never asks for it on its own: the
 * browser's prompt appears only after the listener clicks the strip, unless the Permissions API
 * says the site was granted the location before (then it is read at once, without a prompt).
 * The position is kept in the query cache for the visit, rounded to the server's cache cell.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEATHER_POSITION_MAX_AGE_MS, WEATHER_POSITION_TIMEOUT_MS } from '@/lib/constants';
import { roundCoords, type Coords } from './api/weather-api';

/** Why there is no position: the spec's three cases (doc2 §8). */
export type LocationProblem = 'denied' | 'unsupported' | 'failed';

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(`location ${problem}`);
    this.name = 'LocationError';
  }
}

/** GeolocationPositionError.PERMISSION_DENIED. */
const PERMISSION_DENIED = 1;

export function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
}

function currentPosition(): Promise<Coords> {
  return new Promise((resolve, reject) => {
    if (!geolocationSupported()) {
      reject(new LocationError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(roundCoords(coords.latitude, coords.longitude)),
      (error) => reject(new LocationError(error.code === PERMISSION_DENIED ? 'denied' : 'failed')),
      {
        enableHighAccuracy: false,
        maximumAge: WEATHER_POSITION_MAX_AGE_MS,
        timeout: WEATHER_POSITION_TIMEOUT_MS,
      },
    );
  });
}

export const positionQueryOptions = () =>
  queryOptions({
    queryKey: ['weather', 'position'],
    queryFn: currentPosition,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** What the Permissions API knows of the location permission, or null where it cannot tell. */
async function locationPermission(): Promise<PermissionState | null> {
  try {
    if (typeof navigator.permissions?.query !== 'function') return null;
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return null;
  }
}

export type LocationState =
  /** Reading the Permissions API (a moment): nothing to offer yet. */
  | { kind: 'checking' }
  /** Not asked: the strip offers a button. */
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'located'; coords: Coords }
  | { kind: LocationProblem };

/** The position's state and `request()`, which asks the browser (the prompt, if any, shows then). */
export function useLocation(): { state: LocationState; request: () => void } {
  const supported = geolocationSupported();
  const [asked, setAsked] = useState(false);
  const [permission, setPermission] = useState<PermissionState | null | undefined>(undefined);
  const position = useQuery({ ...positionQueryOptions(), enabled: supported && asked });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void locationPermission().then((state) => {
      if (!live) return;
      setPermission(state);
      // Granted before: read it now, no prompt will show.
      if (state === 'granted') setAsked(true);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  const request = () => {
    if (asked) void position.refetch();
    else setAsked(true);
  };

  let state: LocationState;
  if (!supported) state = { kind: 'unsupported' };
  else if (position.data) state = { kind: 'located', coords: position.data };
  else if (position.isFetching) state = { kind: 'locating' };
  else if (position.error)
    state = {
      kind: position.error instanceof LocationError ? position.error.problem : 'failed',
    };
  else if (permission === 'denied') state = { kind: 'denied' };
  else if (permission === undefined || (permission === 'granted' && !asked))
    state = { kind: 'checking' };
  else state = { kind: 'idle' };
  return { state, request };
}
