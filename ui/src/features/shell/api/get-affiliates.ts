/** GET /api/v1/getAffiliatesData: the affiliate stations ('Sintonize no FM'). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Affiliate } from '@/generated/Affiliate';
import { api } from '@/lib/api';
import { SHELL_DATA_STALE_MS } from '@/lib/constants';

export function getAffiliates(): Promise<Affiliate[]> {
  return api.get<Affiliate[]>('getAffiliatesData');
}

export const affiliatesQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliates'],
    queryFn: getAffiliates,
    staleTime: SHELL_DATA_STALE_MS,
  });

export function useAffiliates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...affiliatesQueryOptions(), enabled: options.enabled ?? true });
}

export interface TunedCity {
  id: number;
  city: string;
  state: string;
  /** '98,5 FM' style frequency from `filial` ('name - frequency'). */
  frequency: string;
  name: string;
}

export interface StateGroup {
  state: string;
  cities: TunedCity[];
}

/** Splits `filial` ('Onda FM Curitiba - 98,9') into name and frequency. */
export function parseFilial(filial: string): { name: string; frequency: string } {
  const index = filial.lastIndexOf(' - ');
  if (index < 0) return { name: filial.trim(), frequency: '' };
  return { name: filial.slice(0, index).trim(), frequency: filial.slice(index + 3).trim() };
}

/** The state of an affiliate: its `state`, else the 'city/UF - CEP' address field. */
function stateOf(affiliate: Affiliate): string {
  if (affiliate.state.trim()) return affiliate.state.trim().toUpperCase();
  const match = /\/\s*([A-Za-z]{2})\b/.exec(affiliate.enderecoCEP);
  return match?.[1]?.toUpperCase() ?? '';
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Affiliates grouped by state (alphabetical), cities alphabetical within each state. */
export function groupAffiliatesByState(affiliates: Affiliate[]): StateGroup[] {
  const groups = new Map<string, TunedCity[]>();
  for (const affiliate of affiliates) {
    const state = stateOf(affiliate) || 'Outras';
    const { name, frequency } = parseFilial(affiliate.filial);
    const city = affiliate.city.trim() || name;
    const list = groups.get(state) ?? [];
    list.push({ id: affiliate.id, city, state, frequency, name });
    groups.set(state, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([state, cities]) => ({
      state,
      cities: cities.sort((a, b) => collator.compare(a.city, b.city)),
    }));
}
