import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconCrown, IconDeviceDesktop, IconLogin } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { isDesktop } from '@/lib/tauri-bridge';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { useSession, useSessionStatus } from '@/lib/session';
import { ALARM_TEXT } from './alarm-texts';
import { AlarmManager } from './AlarmManager';

/**
 * /despertador: the PRO radio alarm clock. It rings from the desktop app's Rust side, so
 * the page manages alarms only there; on the website it says the alarm clock is part of the desktop
 * app. Users who are not PRO (or not logged in) get the PRO prompt to /vantagens-da-assinatura-pro.
 */
export function AlarmPage() {
  const session = useSession();
  const status = useSessionStatus();
  const desktop = isDesktop();
  const settled = session !== null || status !== 'unknown';
  const isPro = !!session?.user.isPro;

  let content;
  if (!desktop) {
    content = (
      <Stack gap="lg">
        <DesktopOnly />
        {settled && !isPro && <ProPrompt anonymous={!session} />}
      </Stack>
    );
  } else if (!settled) {
    content = (
      <Center py="xl">
        <Loader aria-label={ALARM_TEXT.loading} />
      </Center>
    );
  } else if (!isPro) {
    content = <ProPrompt anonymous={!session} />;
  } else {
    content = <AlarmManager key={session?.user.userId} />;
  }

  return (
    <PageFrame title={ALARM_TEXT.title} description={ALARM_TEXT.description} noindex>
      {content}
    </PageFrame>
  );
}

function DesktopOnly() {
  return (
    <EmptyState
      icon={IconDeviceDesktop}
      title={ALARM_TEXT.desktopOnlyTitle}
      description={ALARM_TEXT.desktopOnly}
      links={[{ label: ALARM_TEXT.appsLink, to: '/aplicativos' }]}
      data-testid="alarm-desktop-only"
    />
  );
}

function ProPrompt({ anonymous }: { anonymous: boolean }) {
  return (
    <EmptyState
      icon={IconCrown}
      title={ALARM_TEXT.proTitle}
      description={ALARM_TEXT.proDescription}
      data-testid="pro-notice"
    >
      <Group gap="sm" mt="md" justify="center">
        <Button component={Link} to={PRO_BENEFITS_PATH} variant="gradient">
          {ALARM_TEXT.subscribe}
        </Button>
        {anonymous && (
          <Button
            variant="default"
            leftSection={<IconLogin size={16} aria-hidden />}
            onClick={() => openLoginModal('login')}
          >
            {ALARM_TEXT.login}
          </Button>
        )}
      </Group>
    </EmptyState>
  );
}
