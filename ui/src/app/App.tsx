import { useEffect } from 'react';
import { SocialAuthSetup } from '@/features/auth/social/SocialAuthSetup';
import { ensureBrowserHash } from '@/features/shell/lib/cookies';
import { startAnalyticsSender } from '@/lib/analytics';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  // Analytics leave the browser in batches, under the long-lived browser hash (a1_browserHash).
  useEffect(() => startAnalyticsSender({ clientId: ensureBrowserHash }), []);
  return (
    <AppProvider>
      <SocialAuthSetup />
      <AppRouter />
    </AppProvider>
  );
}
