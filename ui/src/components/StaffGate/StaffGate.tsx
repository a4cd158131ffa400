import type { ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { ApiError } from '@/lib/api';
import { useSession, useSessionStatus } from '@/lib/session';

/** A desk's words for the gate's states (each desk keeps its own, in its messages.ts). */
export interface StaffGateTexts {
  staffArea: string;
  loginRequired: string;
  login: string;
  restricted: string;
  noPermission: string;
  home: string;
  retry: string;
  loading: string;
  /** The title when the access check itself failed (not a 401 or 403). */
  error: string;
}

/** The test ids of the states, as each desk's tests know them. */
export interface StaffGateIds {
  loginRequired: string;
  noPermission: string;
  error: string;
  loading?: string;
}

export interface StaffGateProps<T> {
  texts: StaffGateTexts;
  ids: StaffGateIds;
  /** The caller's access, a query (the permissions list, or the desk's own first call). */
  useAccess: (userId: number) => UseQueryResult<T, Error>;
  /** Whether what the query answered lets the caller in. */
  allows: (data: T) => boolean;
  children: (userId: number, data: T) => ReactNode;
  /** Wraps the gate's own states (a page whose content draws its own frame passes one). */
  frame?: (content: ReactNode) => ReactNode;
  /** The height of the loading skeleton's rows (the desk's list rows; 72 unless told). */
  skeletonRowHeight?: number;
}

const same = (content: ReactNode) => content;

/** A 401 or a 403: a state of the gate rather than an error of the page. */
function isAccessRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}

/**
 * Who may enter a back-office desk: without a session the login prompt (and no back-office call);
 * with one, the desk's access query decides, and without the permission the 'no permission' state.
 * The server checks every call anyway; a 401 or 403 from one of them shows the same states
 * ({@link StaffRefusal}).
 */
export function StaffGate<T>({ frame = same, skeletonRowHeight, ...props }: StaffGateProps<T>) {
  const session = useSession();
  const status = useSessionStatus();
  if (session) {
    return (
      <AccessCheck
        key={session.user.userId}
        userId={session.user.userId}
        frame={frame}
        skeletonRowHeight={skeletonRowHeight}
        {...props}
      />
    );
  }
  return frame(
    status === 'unknown' ? (
      <StaffSkeleton
        label={props.texts.loading}
        rowHeight={skeletonRowHeight}
        data-testid={props.ids.loading}
      />
    ) : (
      <StaffLoginRequired texts={props.texts} ids={props.ids} />
    ),
  );
}

function AccessCheck<T>({
  userId,
  texts,
  ids,
  useAccess,
  allows,
  children,
  frame,
  skeletonRowHeight,
}: StaffGateProps<T> & { userId: number; frame: (content: ReactNode) => ReactNode }) {
  const access = useAccess(userId);
  if (access.data !== undefined) {
    return allows(access.data)
      ? children(userId, access.data)
      : frame(<StaffNoPermission texts={texts} ids={ids} />);
  }
  if (access.isError) {
    if (isAccessRefusal(access.error))
      return frame(<StaffRefusal error={access.error} texts={texts} ids={ids} />);
    return frame(
      <EmptyState
        icon={IconAlertTriangle}
        title={texts.error}
        description={access.error.message}
        data-testid={ids.error}
      >
        <Button mt="md" variant="light" onClick={() => void access.refetch()}>
          {texts.retry}
        </Button>
      </EmptyState>,
    );
  }
  return frame(
    <StaffSkeleton label={texts.loading} rowHeight={skeletonRowHeight} data-testid={ids.loading} />,
  );
}

interface StateProps {
  texts: StaffGateTexts;
  ids: StaffGateIds;
}

/**
 * The login prompt for a 401 of a desk call, the 'no permission' state for a 403 (a permission
 * taken away while the page was open); nothing for other errors ({@link isAccessRefusal}).
 */
export function StaffRefusal({ error, texts, ids }: StateProps & { error: unknown }) {
  if (error instanceof ApiError && error.code === 401)
    return <StaffLoginRequired texts={texts} ids={ids} />;
  if (error instanceof ApiError && error.code === 403)
    return <StaffNoPermission texts={texts} ids={ids} />;
  return null;
}

/**
 * The loading skeleton, a bar and five rows: the gate's while it checks, and a desk's own while one
 * of its calls loads (`label` names what is loading, for screen readers).
 */
export function StaffSkeleton({
  label,
  rowHeight = 72,
  'data-testid': testId,
}: {
  label: string;
  rowHeight?: number;
  'data-testid'?: string;
}) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid={testId}>
      <Skeleton height={44} radius="md" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={rowHeight} radius="md" />
      ))}
    </Stack>
  );
}

/** The login prompt (its button opens the login modal with the desk's notice). */
function StaffLoginRequired({ texts, ids }: StateProps) {
  return (
    <EmptyState
      icon={IconLogin}
      title={texts.staffArea}
      description={texts.loginRequired}
      data-testid={ids.loginRequired}
    >
      <Button
        mt="md"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => openLoginModal('login', { notice: texts.loginRequired })}
      >
        {texts.login}
      </Button>
    </EmptyState>
  );
}

/** The 'no permission' state (a desk page that checks a permission of its own shows it too). */
export function StaffNoPermission({ texts, ids }: StateProps) {
  return (
    <EmptyState
      icon={IconLock}
      title={texts.restricted}
      description={texts.noPermission}
      links={[{ label: texts.home, to: '/' }]}
      data-testid={ids.noPermission}
    />
  );
}
