/**
 * GET /api/v1/getAppParameters: logo, top bar, maintenance flag, preroll tags, enabled tests and
 * campaign streams. Loaded at start (doc1 §4); failures are only logged, the shell uses fallbacks.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppParameters } from '@/generated/AppParameters';
import { api } from './api';
import { SHELL_DATA_STALE_MS } from './constants';

export function getAppParameters(): Promise<AppParameters> {
  return api.get<AppParameters>('getAppParameters');
}

export const appParametersQueryOptions = () =>
  queryOptions({
    queryKey: ['appParameters'],
    queryFn: getAppParameters,
    staleTime: SHELL_DATA_STALE_MS,
  });

export function useAppParameters() {
  return useQuery(appParametersQueryOptions());
}
