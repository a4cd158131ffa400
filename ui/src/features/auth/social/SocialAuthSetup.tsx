/**
 * Turns the social buttons on when the station profile carries a Firebase configuration
 * (`station.socialAuth`, set by the server's ONDA_FIREBASE_* settings). Renders nothing.
 */
import { useEffect } from 'react';
import { useStation } from '@/lib/station';
import { applyStationSocialAuth } from './firebase-sdk';

export function SocialAuthSetup() {
  const { station } = useStation();
  const socialAuth = station?.socialAuth;
  useEffect(() => applyStationSocialAuth(socialAuth), [socialAuth]);
  return null;
}
