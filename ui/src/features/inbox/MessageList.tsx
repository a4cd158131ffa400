import { Button, Group, Pagination, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconInbox,
  IconMailCheck,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { FormKind } from '@/generated/FormKind';
import type { InboxItem } from '@/generated/InboxItem';
import { inboxListQueryOptions, type InboxStatus } from './api/inbox-api';
import { formatInboxDate, rangeText } from './format';
import { ListSkeleton } from './InboxSkeleton';
import { EMPTY_HINTS, INBOX_MESSAGES } from './messages';
import type { InboxParams } from './use-inbox-params';
import classes from './Inbox.module.css';

export interface MessageListProps {
  userId: number;
  kind: FormKind;
  status: InboxStatus;
  page: number;
  openId: number | null;
  href: (patch: Partial<InboxParams>) => string;
  go: (patch: Partial<InboxParams>) => void;
}

/** One page of a folder, newest first, with the filter's pagination. */
export function MessageList({ userId, kind, status, page, openId, href, go }: MessageListProps) {
  const list = useQuery({
    ...inboxListQueryOptions(userId, kind, status, page),
    // Another page of the same list keeps the rows in place while it loads; another folder or
    // filter shows the skeleton instead of someone else's rows.
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey;
      return key?.[3] === kind && key[4] === status ? keepPreviousData(previous) : undefined;
    },
  });

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={INBOX_MESSAGES.listError}
        description={list.error.message}
        compact
        headingOrder={2}
        data-testid="inbox-list-error"
      >
        <Button mt="md" variant="light" onClick={() => void list.refetch()}>
          {INBOX_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }

  const { items, total, perPage } = list.data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconInbox}
        title={INBOX_MESSAGES.empty}
        description={page > 1 ? undefined : EMPTY_HINTS[status]}
        compact
        headingOrder={2}
        data-testid="inbox-empty"
      >
        {page > 1 && (
          <Button mt="md" variant="light" onClick={() => go({ page: 1 })}>
            Voltar para a primeira página
          </Button>
        )}
      </EmptyState>
    );
  }

  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      <ul className={classes.rows} data-testid="inbox-list">
        {items.map((item) => (
          <li key={item.id}>
            <MessageRow item={item} open={item.id === openId} to={href({ itemId: item.id })} />
          </li>
        ))}
      </ul>
      <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="inbox-range">
          {rangeText(page, perPage, total)}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => go({ page: next })}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label="Páginas"
            getItemProps={(number) => ({ 'aria-label': `Página ${number}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Próxima página' : 'Página anterior',
            })}
            withEdges={false}
          />
        )}
      </Group>
    </div>
  );
}

function MessageRow({ item, open, to }: { item: InboxItem; open: boolean; to: string }) {
  const handled = item.handledAt !== null;
  return (
    <Link
      to={{ search: to }}
      className={classes.row}
      aria-current={open ? 'true' : undefined}
      data-unhandled={!handled || undefined}
      data-testid={`inbox-row-${item.id}`}
    >
      <span className={classes.dot} aria-hidden />
      <span className={classes.summary}>{item.summary}</span>
      <span className={classes.meta}>
        <time dateTime={item.createdAt}>{formatInboxDate(item.createdAt)}</time>
        {item.mailedAt ? (
          <span className={classes.flag} data-testid="inbox-mailed">
            <IconMailCheck size={14} aria-hidden />
            {INBOX_MESSAGES.mailed}
          </span>
        ) : (
          <span className={classes.flag} data-warn data-testid="inbox-not-mailed">
            <IconClockExclamation size={14} aria-hidden />
            {INBOX_MESSAGES.notMailed}
          </span>
        )}
        {handled ? (
          <span className={classes.flag} data-ok>
            <IconCircleCheck size={14} aria-hidden />
            {INBOX_MESSAGES.handled}
          </span>
        ) : (
          // The dot and the bold summary say it to the eye.
          <VisuallyHidden>{INBOX_MESSAGES.unhandled}</VisuallyHidden>
        )}
      </span>
    </Link>
  );
}
