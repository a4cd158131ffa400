/**
 * Turns the social buttons on when the station profile carries a Firebase configuration
 * (`station.socialAuth`, set by the server's ONDA_FIREBASE_* settings). Renders nothing.
 */
import { useEffect } from 'react';
import { useStation } from '@/lib/station';

export function SocialAuthSetup() {
  const { station } = useStation();
  const socialAuth = station?.socialAuth;
  useEffect(() => {
    if (!socialAuth) return;
    // Only a station with social sign-in needs this code: it comes in a chunk of its own, not in
    // every page's first load. The provider's SDK waits longer still (social-auth.ts).
    let current = true;
    import('./firebase-sdk')
      .then(({ applyStationSocialAuth }) => {
        if (current) applyStationSocialAuth(socialAuth);
      })
      // Offline: no social buttons this visit; e-mail and password still work.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [socialAuth]);
  return null;
}
