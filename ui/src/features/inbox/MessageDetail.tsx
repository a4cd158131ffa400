import { useEffect, useRef } from 'react';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCircleDashed,
  IconFileCv,
  IconMailForward,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { InboxItem } from '@/generated/InboxItem';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { curriculumUrl, inboxItemQueryOptions, useSetHandled } from './api/inbox-api';
import { DownloadButton } from './DownloadButton';
import { formatInboxDate } from './format';
import { INBOX_MESSAGES } from './messages';
import classes from './Inbox.module.css';

export interface MessageDetailProps {
  userId: number;
  id: number;
  /** The list's address (the way back on a phone). */
  backHref: string;
}

/** One message with every field as sent, its state and what staff can do with it. */
export function MessageDetail({ userId, id, backHref }: MessageDetailProps) {
  const item = useQuery(inboxItemQueryOptions(userId, id));
  const back = (
    <Anchor component={Link} to={{ search: backHref }} className={classes.back} size="sm">
      <IconArrowLeft size={16} aria-hidden />
      {INBOX_MESSAGES.back}
    </Anchor>
  );

  if (item.isPending) {
    return (
      <div className={classes.detail} aria-busy="true" aria-label="Carregando a mensagem">
        {back}
        <Skeleton height={28} width="70%" mb="md" />
        <Skeleton height={16} width="50%" mb="lg" />
        <Stack gap="sm">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={18} />
          ))}
        </Stack>
      </div>
    );
  }
  if (item.isError) {
    const notFound = item.error instanceof ApiError && item.error.code === 404;
    return (
      <div>
        {back}
        <EmptyState
          icon={IconAlertTriangle}
          title={notFound ? INBOX_MESSAGES.itemNotFound : INBOX_MESSAGES.itemError}
          description={notFound ? undefined : item.error.message}
          compact
          data-testid="inbox-item-error"
        >
          {!notFound && (
            <Button mt="md" variant="light" onClick={() => void item.refetch()}>
              {INBOX_MESSAGES.retry}
            </Button>
          )}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={classes.detail}>
      {back}
      <MessageBody userId={userId} item={item.data} />
    </div>
  );
}

function MessageBody({ userId, item }: { userId: number; item: InboxItem }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const setHandled = useSetHandled(userId);
  const handled = item.handledAt !== null;

  // A message opened from the list takes the focus (and the view, on a phone where the list is
  // gone), so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    heading.current?.focus();
  }, [item.id]);

  const toggle = () =>
    setHandled.mutate(
      { id: item.id, handled: !handled },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.handledAt ? INBOX_MESSAGES.markedHandled : INBOX_MESSAGES.markedUnhandled,
          ),
        onError: () => toast.error(INBOX_MESSAGES.markError),
      },
    );

  return (
    <article aria-labelledby={`inbox-item-${item.id}`} data-testid="inbox-item">
      <Group gap="xs" mb={6}>
        <Text size="sm" c="dimmed">
          Nº {item.id}
        </Text>
        <Badge
          variant="light"
          color={handled ? 'teal' : 'onda'}
          leftSection={
            handled ? (
              <IconCircleCheck size={12} aria-hidden />
            ) : (
              <IconCircleDashed size={12} aria-hidden />
            )
          }
        >
          {handled ? INBOX_MESSAGES.handled : INBOX_MESSAGES.unhandled}
        </Badge>
      </Group>
      <Title
        order={2}
        id={`inbox-item-${item.id}`}
        ref={heading}
        tabIndex={-1}
        className={classes.detailTitle}
      >
        {item.summary}
      </Title>

      <dl className={classes.facts}>
        <div>
          <dt>Recebida em</dt>
          <dd>
            <time dateTime={item.createdAt}>{formatInboxDate(item.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>E-mail à rádio</dt>
          <dd data-testid="inbox-item-mailed">
            {item.mailedAt
              ? `Enviado em ${formatInboxDate(item.mailedAt)}`
              : 'Pendente: o servidor tenta de novo sozinho'}
          </dd>
        </div>
        {handled && item.handledAt && (
          <div>
            <dt>Tratada em</dt>
            <dd>
              {formatInboxDate(item.handledAt)}
              {item.handledBy ? ` por ${item.handledBy}` : ''}
            </dd>
          </div>
        )}
      </dl>

      <Group gap="sm" my="lg" wrap="wrap">
        <Button
          variant={handled ? 'default' : 'filled'}
          leftSection={
            handled ? (
              <IconCircleDashed size={16} aria-hidden />
            ) : (
              <IconCircleCheck size={16} aria-hidden />
            )
          }
          loading={setHandled.isPending}
          onClick={toggle}
        >
          {handled ? INBOX_MESSAGES.markUnhandled : INBOX_MESSAGES.markHandled}
        </Button>
        {item.hasCurriculum && (
          <DownloadButton
            href={curriculumUrl(item.id)}
            fallbackName={`curriculo-${item.id}`}
            icon={IconFileCv}
          >
            {INBOX_MESSAGES.downloadCv}
          </DownloadButton>
        )}
        {item.email && (
          <Button
            component="a"
            href={`mailto:${encodeURI(item.email)}`}
            variant="subtle"
            leftSection={<IconMailForward size={16} aria-hidden />}
          >
            Responder por e-mail
          </Button>
        )}
      </Group>

      <Title order={3} size="h5" mb="sm">
        Formulário
      </Title>
      <dl className={classes.fields} data-testid="inbox-fields">
        {item.fields.map((field, index) => (
          <div key={`${field.label}-${index}`} className={classes.field}>
            <dt>{field.label}</dt>
            <dd>{field.value === '' ? '—' : field.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
