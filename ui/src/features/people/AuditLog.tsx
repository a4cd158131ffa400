import { useState } from 'react';
import { Badge, Button, Collapse, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconHistory } from '@tabler/icons-react';
import type { AuditEntry } from '@/generated/AuditEntry';
import { auditQueryOptions } from './api/people-api';
import { auditDiff, diffText } from './audit-diff';
import { formatStaffDate as formatDateTime } from '@/features/backoffice/format';
import { EmptyList, PagedList } from '@/features/backoffice/list/ListParts';
import { ACTION_LABELS, ENTITY_LABELS, PEOPLE_MESSAGES } from './messages';
import { GateSkeleton, PeopleRefusal } from './PeopleGate';
import classes from './People.module.css';

const AUDIT_NOUNS = { none: 'Nenhum resultado', one: 'alteração', many: 'alterações' };

/** The audit log, newest first, a page at a time; each change opens to its field-by-field diff. */
export function AuditLog({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const audit = useQuery(auditQueryOptions(userId, page));
  return (
    <PagedList
      query={audit}
      refusal={(error) => <PeopleRefusal error={error} />}
      skeleton={<GateSkeleton label={PEOPLE_MESSAGES.loadingAudit} />}
      errorTitle={PEOPLE_MESSAGES.auditError}
      errorTestId="audit-error"
      empty={
        <EmptyList
          icon={IconHistory}
          title={PEOPLE_MESSAGES.auditEmpty}
          data-testid="audit-empty"
        />
      }
      page={page}
      onPage={setPage}
      nouns={AUDIT_NOUNS}
      rowsTestId="audit-log"
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </PagedList>
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
