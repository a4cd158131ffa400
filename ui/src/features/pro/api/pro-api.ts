/**
 * The PRO page's calls: `proPage/getFaqs` (doc2 §7: `data[] {question, answer}`, the answers are HTML
 * sanitised by the server, S11) and `proPage/getFeaturedPodcasts` (the three featured shows).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedPodcast } from '@/generated/FeaturedPodcast';
import type { ProFaq } from '@/generated/ProFaq';
import { api } from '@/lib/api';
import { SHELL_DATA_STALE_MS } from '@/lib/constants';

export const proFaqsQueryOptions = () =>
  queryOptions({
    queryKey: ['proPage', 'faqs'],
    queryFn: () => api.get<ProFaq[]>('proPage/getFaqs'),
    staleTime: SHELL_DATA_STALE_MS,
  });

export const featuredPodcastsQueryOptions = () =>
  queryOptions({
    queryKey: ['proPage', 'featuredPodcasts'],
    queryFn: () => api.get<FeaturedPodcast[]>('proPage/getFeaturedPodcasts'),
    staleTime: SHELL_DATA_STALE_MS,
  });

export const useProFaqs = () => useQuery(proFaqsQueryOptions());
export const useFeaturedPodcasts = () => useQuery(featuredPodcastsQueryOptions());
