import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';
import { inboxSummaryQueryOptions } from './api/inbox-api';
import { InboxSkeleton } from './InboxSkeleton';
import { InboxWorkspace } from './InboxWorkspace';
import { INBOX_MESSAGES } from './messages';

/**
 * /a1inbox: staff with permission 4 read what the listeners sent through the four forms.
 * Nothing is asked of /api/v1/inbox without a session; with one, the folders' summary decides: 401
 * asks for the login, 403 says the permission is missing.
 */
export function InboxPage() {
  const session = useSession();
  const status = useSessionStatus();

  return (
    <PageFrame title={INBOX_MESSAGES.title} description={INBOX_MESSAGES.description} noindex>
      {session ? (
        <InboxAccess key={session.user.userId} userId={session.user.userId} />
      ) : status === 'unknown' ? (
        <InboxSkeleton />
      ) : (
        <LoginRequired />
      )}
    </PageFrame>
  );
}

function InboxAccess({ userId }: { userId: number }) {
  const summary = useQuery(inboxSummaryQueryOptions(userId));
  const { error } = summary;
  if (error instanceof ApiError && error.code === 401) return <LoginRequired />;
  if (error instanceof ApiError && error.code === 403) return <NoPermission />;
  // A failed refresh keeps the folders it had; only a first failure replaces the page.
  if (summary.data) return <InboxWorkspace userId={userId} folders={summary.data} />;
  if (summary.isError) {
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={INBOX_MESSAGES.loadError}
        description={summary.error.message}
        data-testid="inbox-error"
      >
        <Button mt="md" variant="light" onClick={() => void summary.refetch()}>
          {INBOX_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  return <InboxSkeleton />;
}

function LoginRequired() {
  return (
    <EmptyState
      icon={IconLogin}
      title="Área da equipe"
      description={INBOX_MESSAGES.loginRequired}
      data-testid="inbox-login-required"
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: INBOX_MESSAGES.loginRequired })}
      >
        Entrar
      </Button>
    </EmptyState>
  );
}

function NoPermission() {
  return (
    <EmptyState
      icon={IconLock}
      title="Acesso restrito"
      description={INBOX_MESSAGES.noPermission}
      links={[{ label: 'Página inicial', to: '/' }]}
      data-testid="inbox-no-permission"
    />
  );
}
