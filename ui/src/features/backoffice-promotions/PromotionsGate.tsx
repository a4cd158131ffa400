import type { ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { permissionsQueryOptions } from '@/features/stats/api/stats-api';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';
import { isAccessRefusal } from './api/promotions-api';
import { PROMO_MESSAGES, PROMOTIONS_PERMISSION } from './messages';

/**
 * Who may enter the promotions desk (issue 20), the newsroom's gate with permission 6: without a
 * session the login prompt (and no back-office call); with one, the caller's permissions (the
 * profile menu's cached query) decide. The server checks every call anyway; a 401 or 403 from one
 * of them shows the same states ({@link PromotionsRefusal}).
 */
export function PromotionsGate({ children }: { children: (userId: number) => ReactNode }) {
  const session = useSession();
  const status = useSessionStatus();
  if (session) {
    return (
      <PermissionCheck key={session.user.userId} userId={session.user.userId}>
        {children}
      </PermissionCheck>
    );
  }
  return status === 'unknown' ? <GateSkeleton /> : <LoginRequired />;
}

function PermissionCheck({
  userId,
  children,
}: {
  userId: number;
  children: (userId: number) => ReactNode;
}) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (permissions.data) {
    return permissions.data.userPermissions.includes(PROMOTIONS_PERMISSION) ? (
      children(userId)
    ) : (
      <NoPermission />
    );
  }
  if (permissions.isError) {
    if (isAccessRefusal(permissions.error)) return <PromotionsRefusal error={permissions.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.listError}
        description={permissions.error.message}
        data-testid="promotions-gate-error"
      >
        <Button mt="md" variant="light" onClick={() => void permissions.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  return <GateSkeleton />;
}

/**
 * The login prompt for a 401 of a desk call, the 'no permission' state for a 403 (a permission
 * taken away while the page was open); nothing for other errors ({@link isAccessRefusal}).
 */
export function PromotionsRefusal({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
  if (error instanceof ApiError && error.code === 403) return <NoPermission />;
  return null;
}

function GateSkeleton() {
  return (
    <Stack
      gap="sm"
      aria-busy="true"
      aria-label={PROMO_MESSAGES.loading}
      data-testid="promotions-gate-loading"
    >
      <Skeleton height={44} radius="md" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={72} radius="md" />
      ))}
    </Stack>
  );
}

function LoginRequired() {
  return (
    <EmptyState
      icon={IconLogin}
      title={PROMO_MESSAGES.staffArea}
      description={PROMO_MESSAGES.loginRequired}
      data-testid="promotions-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: PROMO_MESSAGES.loginRequired })}
      >
        {PROMO_MESSAGES.login}
      </Button>
    </EmptyState>
  );
}

function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title={PROMO_MESSAGES.restricted}
      description={PROMO_MESSAGES.noPermission}
      links={[{ label: PROMO_MESSAGES.home, to: '/' }]}
      data-testid="promotions-no-permission"
    />
  );
}
