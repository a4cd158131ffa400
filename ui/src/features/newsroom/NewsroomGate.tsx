import type { ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { permissionsQueryOptions } from '@/features/stats/api/stats-api';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';
import { isAccessRefusal } from './api/newsroom-api';
import { NEWSROOM_MESSAGES, NEWSROOM_PERMISSION } from './messages';

/**
 * Who may enter the newsroom (issue 20), like /a1inbox: without a session the login prompt (and no
 * back-office call); with one, the caller's permissions (the same query as the profile menu, so it
 * is usually cached already) decide: without permission 5 the 'no permission' state. The server
 * checks every call anyway; a 401 or 403 from one of them shows the same states
 * ({@link NewsroomRefusal}).
 */
export function NewsroomGate({
  children,
  frame = (content) => content,
}: {
  children: (userId: number) => ReactNode;
  /** Wraps the gate's own states (a page whose content draws its own frame passes one). */
  frame?: (content: ReactNode) => ReactNode;
}) {
  const session = useSession();
  const status = useSessionStatus();
  if (session) {
    return (
      <PermissionCheck key={session.user.userId} userId={session.user.userId} frame={frame}>
        {children}
      </PermissionCheck>
    );
  }
  return frame(status === 'unknown' ? <GateSkeleton /> : <LoginRequired />);
}

function PermissionCheck({
  userId,
  children,
  frame,
}: {
  userId: number;
  children: (userId: number) => ReactNode;
  frame: (content: ReactNode) => ReactNode;
}) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (permissions.data) {
    return permissions.data.userPermissions.includes(NEWSROOM_PERMISSION)
      ? children(userId)
      : frame(<NoPermission />);
  }
  if (permissions.isError) {
    if (isAccessRefusal(permissions.error))
      return frame(<NewsroomRefusal error={permissions.error} />);
    return frame(
      <EmptyState
        icon={IconAlertTriangle}
        title={NEWSROOM_MESSAGES.listError}
        description={permissions.error.message}
        data-testid="newsroom-error"
      >
        <Button mt="md" variant="light" onClick={() => void permissions.refetch()}>
          {NEWSROOM_MESSAGES.retry}
        </Button>
      </EmptyState>,
    );
  }
  return frame(<GateSkeleton />);
}

/**
 * The login prompt for a 401 of a newsroom call, the 'no permission' state for a 403 (a permission
 * taken away while the page was open); nothing for other errors ({@link isAccessRefusal}).
 */
export function NewsroomRefusal({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
  if (error instanceof ApiError && error.code === 403) return <NoPermission />;
  return null;
}

function GateSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={NEWSROOM_MESSAGES.loadingList}>
      <Skeleton height={44} radius="md" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={72} radius="md" />
      ))}
    </Stack>
  );
}

export function LoginRequired() {
  return (
    <EmptyState
      icon={IconLogin}
      title={NEWSROOM_MESSAGES.staffArea}
      description={NEWSROOM_MESSAGES.loginRequired}
      data-testid="newsroom-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: NEWSROOM_MESSAGES.loginRequired })}
      >
        {NEWSROOM_MESSAGES.login}
      </Button>
    </EmptyState>
  );
}

export function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title={NEWSROOM_MESSAGES.restricted}
      description={NEWSROOM_MESSAGES.noPermission}
      links={[{ label: NEWSROOM_MESSAGES.home, to: '/' }]}
      data-testid="newsroom-no-permission"
    />
  );
}
