import type { ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { permissionsQueryOptions } from '@/features/stats/api/stats-api';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';
import { isAccessRefusal } from './api/people-api';
import { PEOPLE_MESSAGES, PEOPLE_PERMISSION } from './messages';

/**
 * Who may enter /a1pessoas (issue 20), like the newsroom: without a session the login prompt (and
 * no back-office call); with one, permission 8 in the caller's permissions (the profile menu's
 * cached query). The server checks every call anyway; a 401 or 403 from one of them shows the same
 * states ({@link PeopleRefusal}).
 */
export function PeopleGate({ children }: { children: (userId: number) => ReactNode }) {
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
    return permissions.data.userPermissions.includes(PEOPLE_PERMISSION) ? (
      children(userId)
    ) : (
      <NoPermission />
    );
  }
  if (permissions.isError) {
    if (isAccessRefusal(permissions.error)) return <PeopleRefusal error={permissions.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PEOPLE_MESSAGES.listError}
        description={permissions.error.message}
        data-testid="people-error"
      >
        <Button mt="md" variant="light" onClick={() => void permissions.refetch()}>
          {PEOPLE_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  return <GateSkeleton />;
}

/** The login prompt for a 401, the 'no permission' state for a 403; nothing for other errors. */
export function PeopleRefusal({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
  if (error instanceof ApiError && error.code === 403) return <NoPermission />;
  return null;
}

export function GateSkeleton({ label = PEOPLE_MESSAGES.loadingList }: { label?: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      <Skeleton height={44} radius="md" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={64} radius="md" />
      ))}
    </Stack>
  );
}

function LoginRequired() {
  return (
    <EmptyState
      icon={IconLogin}
      title={PEOPLE_MESSAGES.staffArea}
      description={PEOPLE_MESSAGES.loginRequired}
      data-testid="people-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: PEOPLE_MESSAGES.loginRequired })}
      >
        {PEOPLE_MESSAGES.login}
      </Button>
    </EmptyState>
  );
}

function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title={PEOPLE_MESSAGES.restricted}
      description={PEOPLE_MESSAGES.noPermission}
      links={[{ label: PEOPLE_MESSAGES.home, to: '/' }]}
      data-testid="people-no-permission"
    />
  );
}
