/**
 * The home poll's calls (doc2 §3, §7; G34, beyond the spec: the vote). The poll comes with the
 * answer this account or browser voted for; a vote answers the poll with its new counts. Without an
 * account the browser hash (cookie a1_browserHash, sent with every call once it exists) is the voter.
 * Reading the poll never creates it (it waits for cookie consent, `shell/lib/cookies`); voting does,
 * right before the call: the vote is the visitor's own request, and it is counted once per browser.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ensureBrowserHash } from '@/features/shell/lib/cookies';
import type { Poll } from '@/generated/Poll';
import type { PollVote } from '@/generated/PollVote';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

/** The server's answer when no poll is active (the box stays away). */
export const NO_POLL = 'no poll';

const auth = () => ({ token: getAuthToken() });

export const pollApi = {
  get: () => api.get<Poll>('poll/get', auth()),
  vote: (vote: PollVote) => {
    ensureBrowserHash();
    return api.post<Poll>('poll/vote', vote, auth());
  },
};

/** Keyed by the user: after a login or logout the poll says whose vote it shows. */
export const pollQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['poll', userId ?? 0],
    queryFn: pollApi.get,
    staleTime: 60_000,
  });

/** Votes and puts the answered poll (new counts, the voter's answer) in place of the old one. */
export function useVote(userId: number | null, onVoted?: (poll: Poll) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pollApi.vote,
    onSuccess: (poll) => {
      queryClient.setQueryData(pollQueryOptions(userId).queryKey, poll);
      onVoted?.(poll);
    },
    // Refused (voted already, the poll changed): read the poll again, it says what is true now.
    onError: () => queryClient.invalidateQueries({ queryKey: pollQueryOptions(userId).queryKey }),
  });
}
