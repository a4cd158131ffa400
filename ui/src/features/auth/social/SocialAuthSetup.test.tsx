import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StationInfo } from '@/generated/StationInfo';
import { render, waitFor } from '@/test/render';
import { SocialAuthSetup } from './SocialAuthSetup';
import { resetStationSocialAuth } from './firebase-sdk';
import type * as SocialAuthModule from './social-auth';

const station = vi.hoisted(() => ({ current: undefined as StationInfo | undefined }));

vi.mock('@/lib/station', () => ({
  useStation: () => ({ station: station.current, isLoading: false }),
}));

vi.mock('./social-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof SocialAuthModule>()),
  configureSocialAuth: vi.fn(),
}));

const { configureSocialAuth } = await import('./social-auth');

const STATION: StationInfo = {
  name: 'Onda FM',
  slug: 'onda',
  mainStreamId: 'onda_1',
  publicUrl: 'https://ondafm.com.br',
  commercialUrl: 'https://comercial.ondafm.com.br',
  supportPhone: '',
  supportChatUrl: '',
  corporatePhone: '',
  social: [],
  apps: [],
};

afterEach(() => {
  station.current = undefined;
  resetStationSocialAuth();
  vi.mocked(configureSocialAuth).mockClear();
});

describe('social login setup from the station profile', () => {
  it('configures the buttons with the providers of station.socialAuth', async () => {
    station.current = {
      ...STATION,
      socialAuth: {
        apiKey: 'AIza-test',
        authDomain: 'onda-test.firebaseapp.com',
        projectId: 'onda-test',
        providers: ['google', 'facebook'],
      },
    };
    const { rerender } = render(<SocialAuthSetup />);
    await waitFor(() => expect(configureSocialAuth).toHaveBeenCalledTimes(1));
    const config = vi.mocked(configureSocialAuth).mock.calls[0]?.[0];
    expect(config?.providers).toEqual(['google', 'facebook']);
    expect(config?.getSdk()).toBeUndefined();

    // A re-render with the same configuration does not start a second load.
    rerender(<SocialAuthSetup />);
    await import('./firebase-sdk');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(configureSocialAuth).toHaveBeenCalledTimes(1);
  });

  it('leaves the buttons off when the station has no socialAuth', () => {
    station.current = STATION;
    render(<SocialAuthSetup />);
    expect(configureSocialAuth).not.toHaveBeenCalled();
  });

  it('leaves the buttons off before the station profile is known', () => {
    render(<SocialAuthSetup />);
    expect(configureSocialAuth).not.toHaveBeenCalled();
  });
});
