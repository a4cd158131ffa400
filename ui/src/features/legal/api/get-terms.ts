/** GET legal/getTerms/{privacidade|uso}: a legal text with its last update. */
import { queryOptions } from '@tanstack/react-query';
import type { LegalText } from '@/generated/LegalText';
import { api } from '@/lib/api';

export function getTerms(slug: string): Promise<LegalText> {
  return api.get<LegalText>(`legal/getTerms/${slug}`);
}

/** The texts change a few times a year: an hour. */
export const termsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['legal', slug],
    queryFn: () => getTerms(slug),
    staleTime: 3_600_000,
  });
