import { Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { ApiError } from '@/lib/api';
import { STATS_PERMISSION_READ } from '@/lib/constants';
import { useSession, useSessionStatus } from '@/lib/session';
import { STATS_MESSAGES } from './messages';
import { usePermissions } from './api/permissions-api';
import { StatsDashboard } from './StatsDashboard';

/**
 * /a1stats (doc3 §2.9, §4.7, §6): the staff dashboard. Nothing is asked of /api/v1/stats without a
 * session; with one, getUserPermissions decides: permission 1 reads the statistics, 2 adds the
 * controls, 3 the 'Filiais'.
 */
export function StatsPage() {
  const session = useSession();
  const status = useSessionStatus();

  return (
    <PageFrame
      title="Estatísticas"
      description="Ouvintes ao vivo, histórico e relatórios de impacto para a equipe da rádio."
      noindex
    >
      {session ? (
        <StatsAccess key={session.user.userId} userId={session.user.userId} />
      ) : status === 'unknown' ? (
        <Busy />
      ) : (
        <LoginRequired />
      )}
    </PageFrame>
  );
}

function Busy() {
  return (
    <Center py="xl">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

function LoginRequired() {
  return (
    <EmptyState
      icon={IconLogin}
      title="Área da equipe"
      description={STATS_MESSAGES.loginRequired}
      data-testid="stats-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: STATS_MESSAGES.loginRequired })}
      >
        Entrar
      </Button>
    </EmptyState>
  );
}

function StatsAccess({ userId }: { userId: number }) {
  const permissions = usePermissions(userId);

  if (permissions.isPending) return <Busy />;
  if (permissions.isError) {
    const { error } = permissions;
    if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
    if (error instanceof ApiError && error.code === 403) return <NoPermission />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title="Não foi possível abrir as estatísticas"
        description={error.message}
      >
        <Button mt="md" variant="light" onClick={() => void permissions.refetch()}>
          Tentar de novo
        </Button>
      </EmptyState>
    );
  }
  const granted = permissions.data.userPermissions;
  if (!granted.includes(STATS_PERMISSION_READ)) return <NoPermission />;
  return <StatsDashboard userId={userId} permissions={permissions.data} />;
}

function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title="Acesso restrito"
      description={STATS_MESSAGES.noPermission}
      links={[{ label: 'Página inicial', to: '/' }]}
      data-testid="stats-no-permission"
    />
  );
}
