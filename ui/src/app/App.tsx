import { SocialAuthSetup } from '@/features/auth/social/SocialAuthSetup';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <SocialAuthSetup />
      <AppRouter />
    </AppProvider>
  );
}
