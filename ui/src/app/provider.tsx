/** Everything the app runs inside: theme, colour scheme, data cache and the toast host. */
import type { ReactNode } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { COLOR_SCHEME_STORAGE_KEY } from '@/lib/color-scheme';
import { lazyNamed } from '@/lib/lazy';
import { readInitialData } from '@/lib/initial-data';
import { getStartupTestFlags } from '@/lib/test-flags';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The toast host and its transitions (3.5 kB gzipped) are fetched with the first toast: most visits
// never show one. Toasts are queued in Mantine's store, which stays in the shell, so one shown
// before the host arrives appears as soon as it mounts.
const ToastHost = lazyNamed(() => import('./ToastHost'), 'ToastHost');

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

function LazyToastHost() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts, () => false);
  return (
    <OnDemand when={wanted}>
      <ToastHost />
    </OnDemand>
  );
}

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' disables transitions and portals' delays (Vitest). */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient(readInitialData()));
  // `?test_colorScheme=dark` previews the PRO dark theme without storing a preference.
  const forced = getStartupTestFlags().colorScheme;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      forceColorScheme={forced === 'dark' || forced === 'light' ? forced : undefined}
    >
      <LazyToastHost />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
