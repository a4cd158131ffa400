import type { ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { openLoginModal } from '@/features/auth/login-modal-store';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';
import { isAccessRefusal, specQueryOptions } from './api/catalogue-api';
import { CAT_MESSAGES } from './messages';
import { canEditSettings } from './spec-helpers';

/**
 * Who may enter the catalogue desk (issue 20): without a session the login prompt (and no
 * back-office call); with one, the descriptors call decides. Unlike the promotions' gate it asks the
 * server rather than the permissions list: the spec holds only the caller's collections (permission
 * 7 or 5), and its 403 is the 'no permission' state. Every page needs the spec anyway to draw itself.
 */
export function CatalogueGate({
  children,
}: {
  children: (userId: number, spec: CatalogueSpec) => ReactNode;
}) {
  const session = useSession();
  const status = useSessionStatus();
  if (session) {
    return (
      <SpecCheck key={session.user.userId} userId={session.user.userId}>
        {children}
      </SpecCheck>
    );
  }
  return status === 'unknown' ? <GateSkeleton /> : <LoginRequired />;
}

function SpecCheck({
  userId,
  children,
}: {
  userId: number;
  children: (userId: number, spec: CatalogueSpec) => ReactNode;
}) {
  const spec = useQuery(specQueryOptions(userId));
  if (spec.data) {
    return spec.data.collections.length > 0 || canEditSettings(spec.data) ? (
      children(userId, spec.data)
    ) : (
      <NoPermission />
    );
  }
  if (spec.isError) {
    if (isAccessRefusal(spec.error)) return <CatalogueRefusal error={spec.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={CAT_MESSAGES.specError}
        description={spec.error.message}
        data-testid="catalogue-gate-error"
      >
        <Button mt="md" variant="light" onClick={() => void spec.refetch()}>
          {CAT_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  return <GateSkeleton />;
}

/**
 * The login prompt for a 401 of a desk call, the 'no permission' state for a 403 (a permission
 * taken away while the page was open); nothing for other errors.
 */
export function CatalogueRefusal({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
  if (error instanceof ApiError && error.code === 403) return <NoPermission />;
  return null;
}

function GateSkeleton() {
  return (
    <Stack
      gap="sm"
      aria-busy="true"
      aria-label={CAT_MESSAGES.loading}
      data-testid="catalogue-gate-loading"
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
      title={CAT_MESSAGES.staffArea}
      description={CAT_MESSAGES.loginRequired}
      data-testid="catalogue-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: CAT_MESSAGES.loginRequired })}
      >
        {CAT_MESSAGES.login}
      </Button>
    </EmptyState>
  );
}

export function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title={CAT_MESSAGES.restricted}
      description={CAT_MESSAGES.noPermission}
      links={[{ label: CAT_MESSAGES.home, to: '/' }]}
      data-testid="catalogue-no-permission"
    />
  );
}
