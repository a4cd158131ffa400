import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import type { SocialProvider } from '@/lib/account-wire-types';
import { toast } from '@/lib/toast';
import { AUTH_MESSAGES, providerName } from '../messages';
import { useSocialAuth } from './social-auth';
import { socialLogin, socialRegister } from './social-flow';

const ICONS = { google: IconBrandGoogle, facebook: IconBrandFacebook, apple: null } as const;

/** Google and Facebook buttons — rendered only when a provider configuration was given. */
export function SocialButtons({ mode }: { mode: 'login' | 'register' }) {
  const social = useSocialAuth();
  const [link, setLink] = useState<{ provider: SocialProvider; idToken: string } | null>(null);
  if (!social) return null;
  const providers = social.providers.filter((p) => p === 'google' || p === 'facebook');
  if (providers.length === 0) return null;

  async function start(provider: SocialProvider) {
    if (!social) return;
    const result = await social.signIn(provider);
    if (!result.ok) {
      if (result.message) toast.error(result.message);
      return;
    }
    if (mode === 'register') {
      await socialRegister(provider, result.idToken);
      return;
    }
    const outcome = await socialLogin(provider, result.idToken);
    if (outcome === 'link') setLink({ provider, idToken: result.idToken });
  }

  return (
    <Stack gap="xs">
      <Divider label="ou" labelPosition="center" />
      {providers.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <Button
            key={provider}
            variant="default"
            leftSection={Icon ? <Icon size={18} aria-hidden /> : undefined}
            onClick={() => void start(provider)}
          >
            {mode === 'login' ? 'Entrar' : 'Cadastrar'} com {providerName(provider)}
          </Button>
        );
      })}
      {link && (
        <Button
          color="teal"
          onClick={() => {
            void socialLogin(link.provider, link.idToken, { link: true });
            setLink(null);
          }}
        >
          {AUTH_MESSAGES.linkAccount}
        </Button>
      )}
    </Stack>
  );
}
