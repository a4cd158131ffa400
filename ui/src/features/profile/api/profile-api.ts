/** The profile calls of doc3 §7. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityItem } from '@/generated/CityItem';
import type { DeleteProfileRequest } from '@/generated/DeleteProfileRequest';
import type { StateItem } from '@/generated/StateItem';
import type { UpdateProfileReply, UpdateProfileRequest } from '@/lib/account-wire-types';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

const auth = () => ({ token: getAuthToken() });

export const profileApi = {
  getStates: () => api.get<StateItem[]>('profile/getStates'),
  getCitiesByState: (stateId: number) => api.get<CityItem[]>(`profile/getCitiesByState/${stateId}`),
  updateProfile: (body: UpdateProfileRequest) =>
    api.post<UpdateProfileReply>('profile/updateProfile', body, auth()),
  deleteProfile: (body: DeleteProfileRequest) =>
    api.post<unknown>('profile/deleteProfile', body, auth()),
};

/** The 27 states rarely change: fetched once per visit. Failures are only logged (doc3 §8). */
export const statesQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'states'],
    queryFn: profileApi.getStates,
    staleTime: Infinity,
  });

export const citiesQueryOptions = (stateId: number) =>
  queryOptions({
    queryKey: ['profile', 'cities', stateId],
    queryFn: () => profileApi.getCitiesByState(stateId),
    staleTime: Infinity,
  });

export function useStates() {
  return useQuery(statesQueryOptions());
}

export function useCities(stateId: number | null) {
  return useQuery({ ...citiesQueryOptions(stateId ?? 0), enabled: stateId !== null });
}
