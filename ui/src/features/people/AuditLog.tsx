import { useState } from 'react';
import { Badge, Button, Collapse, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { AuditEntry } from '@/generated/AuditEntry';
import { auditQueryOptions, isAccessRefusal } from './api/people-api';
import { auditDiff, diffText } from './audit-diff';
import { formatDateTime, rangeText } from './format';
import { ACTION_LABELS, ENTITY_LABELS, PEOPLE_MESSAGES } from './messages';
import { PageControls } from './PageControls';
import { GateSkeleton, PeopleRefusal } from './PeopleGate';
import classes from './People.module.css';

/** The audit log, newest first, a page at a time; each change opens to its field-by-field diff. */
export function AuditLog({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const audit = useQuery(auditQueryOptions(userId, page));
  if (audit.isPending) return <GateSkeleton label={PEOPLE_MESSAGES.loadingAudit} />;
  if (audit.isError) {
    if (isAccessRefusal(audit.error)) return <PeopleRefusal error={audit.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PEOPLE_MESSAGES.auditError}
        description={audit.error.message}
        compact
        headingOrder={2}
        data-testid="audit-error"
      >
        <Button mt="md" variant="light" onClick={() => void audit.refetch()}>
          {PEOPLE_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  const { items, total, perPage } = audit.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconHistory}
        title={PEOPLE_MESSAGES.auditEmpty}
        compact
        headingOrder={2}
        data-testid="audit-empty"
      />
    );
  }
  return (
    <div aria-busy={audit.isPlaceholderData || undefined} data-testid="audit-log">
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {rangeText(page, perPage, total, total === 1 ? 'alteração' : 'alterações')}
      </Text>
      <Stack gap="sm">
        {items.map((entry) => (
          <AuditItem key={entry.id} entry={entry} />
        ))}
      </Stack>
      <PageControls
        page={page}
        pages={Math.max(1, Math.ceil(total / perPage))}
        onChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const lines = auditDiff(entry.before, entry.after);
  const entity = ENTITY_LABELS[entry.entity] ?? entry.entity;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="audit-entry">
      <div className={classes.auditHead}>
        <Badge variant="light">{ACTION_LABELS[entry.action] ?? entry.action}</Badge>
        <Text size="sm" fw={600}>
          {entity}
          {entry.entityId !== null ? ` nº ${entry.entityId}` : ''}
        </Text>
        <Text size="sm" c="dimmed" className={classes.email}>
          {PEOPLE_MESSAGES.who}: {entry.actor || PEOPLE_MESSAGES.removedAccount}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </Text>
      </div>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
      >
        {open ? PEOPLE_MESSAGES.hideChanges : PEOPLE_MESSAGES.showChanges}
      </Button>
      <Collapse in={open}>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {PEOPLE_MESSAGES.noChanges}
          </Text>
        ) : (
          <ul className={classes.diff} data-testid="audit-diff">
            {lines.map((line) => (
              <li key={line.key}>{diffText(line)}</li>
            ))}
          </ul>
        )}
      </Collapse>
    </Paper>
  );
}
