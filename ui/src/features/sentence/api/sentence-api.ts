/** The sentence of the day (doc2 §7 getDaysSentence; G34): 'text — author', one per Brasília day. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An hour: the sentence changes once a day, at Brasília midnight. */
const SENTENCE_STALE_MS = 60 * 60_000;

export const sentenceQueryOptions = () =>
  queryOptions({
    queryKey: ['sentence', 'day'],
    queryFn: () => api.get<string>('getDaysSentence'),
    staleTime: SENTENCE_STALE_MS,
    retry: false,
  });
