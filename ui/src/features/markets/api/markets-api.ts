/**
 * The currency and crypto boxes' calls (doc2 §2 Home widgets; G23): USD-BRL and EUR-BRL, and the
 * top 4 coins with their 7-day prices, through our own server's proxies. Both are read again every
 * {@link MARKETS_REFRESH_MS}; TanStack Query skips the refresh while the tab is hidden and catches up
 * when it shows again.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Crypto } from '@/generated/Crypto';
import type { Currency } from '@/generated/Currency';
import { api } from '@/lib/api';
import { MARKETS_REFRESH_MS } from '@/lib/constants';

export const marketsApi = {
  getCurrency: () => api.get<Currency>('external/currency'),
  getCrypto: () => api.get<Crypto>('external/crypto'),
};

const refreshed = {
  staleTime: MARKETS_REFRESH_MS,
  refetchInterval: MARKETS_REFRESH_MS,
  refetchIntervalInBackground: false,
  // A failed refresh keeps the last numbers on screen; the next one tries again.
  retry: 1,
} as const;

export const currencyQueryOptions = () =>
  queryOptions({
    queryKey: ['markets', 'currency'],
    queryFn: marketsApi.getCurrency,
    ...refreshed,
  });

export const cryptoQueryOptions = () =>
  queryOptions({
    queryKey: ['markets', 'crypto'],
    queryFn: marketsApi.getCrypto,
    ...refreshed,
  });
