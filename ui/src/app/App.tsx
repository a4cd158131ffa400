import { useEffect } from 'react';
import { SocialAuthSetup } from '@/features/auth/social/SocialAuthSetup';
import { analyticsClientId } from '@/features/shell/lib/cookies';
import { startAnalyticsSender } from '@/lib/analytics';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  // Analytics leave the browser in batches, under the long-lived browser hash (a1_browserHash),
  // once the cookie notice is accepted (before that they wait: lib/cookies).
  useEffect(() => startAnalyticsSender({ clientId: analyticsClientId }), []);
  return (
    <AppProvider>
      <SocialAuthSetup />
      <AppRouter />
    </AppProvider>
  );
}
