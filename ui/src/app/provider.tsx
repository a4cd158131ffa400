/** Everything the app runs inside: theme, colour scheme, data cache and the toast host. */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { COLOR_SCHEME_STORAGE_KEY } from '@/lib/color-scheme';
import { getStartupTestFlags } from '@/lib/test-flags';
import { TOAST_EXIT_TRANSITION_MS } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' disables transitions and portals' delays (Vitest). */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // `?test_colorScheme=dark` previews the PRO dark theme without storing a preference.
  const forced = getStartupTestFlags().colorScheme;
  return (
    <MantineProvider
      theme={theme}
      env={env}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      forceColorScheme={forced === 'dark' || forced === 'light' ? forced : undefined}
    >
      <Notifications
        position="top-right"
        zIndex={1000}
        limit={5}
        containerWidth={380}
        transitionDuration={TOAST_EXIT_TRANSITION_MS}
      />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
