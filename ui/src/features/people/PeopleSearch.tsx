import { useState } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import type { PersonRow } from '@/generated/PersonRow';
import { limits } from '@/generated/validation-rules';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { peopleListQueryOptions } from './api/people-api';
import { formatDay, formatStaffDate as formatDateTime } from '@/features/backoffice/format';
import { EmptyList, PagedList } from '@/features/backoffice/list/ListParts';
import { PEOPLE_MESSAGES } from './messages';
import { GateSkeleton, PeopleRefusal } from './PeopleGate';
import { PersonDrawer } from './PersonDrawer';
import classes from './People.module.css';

const ACCOUNT_NOUNS = { none: 'Nenhum resultado', one: 'conta', many: 'contas' };

/**
 * The search box and one page of accounts, newest first: a table from 992 px, cards below (nothing
 * scrolls sideways at 375 px). A row opens the account's drawer.
 */
export function PeopleSearch({ userId }: { userId: number }) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(peopleListQueryOptions(userId, q, page));
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  const body = (
    <PagedList
      query={list}
      refusal={(error) => <PeopleRefusal error={error} />}
      skeleton={<GateSkeleton />}
      errorTitle={PEOPLE_MESSAGES.listError}
      errorTestId="people-list-error"
      empty={
        <EmptyList
          icon={IconUserSearch}
          title={PEOPLE_MESSAGES.empty}
          description={PEOPLE_MESSAGES.emptyHint}
          data-testid="people-empty"
        />
      }
      page={page}
      onPage={setPage}
      nouns={ACCOUNT_NOUNS}
      totalTestId="people-total"
    >
      {(items) =>
        wide ? (
          <PeopleTable items={items} onOpen={setOpen} />
        ) : (
          <PeopleCards items={items} onOpen={setOpen} />
        )
      }
    </PagedList>
  );

  return (
    <div data-testid="people-search">
      <TextInput
        className={classes.search}
        label={PEOPLE_MESSAGES.search}
        placeholder={PEOPLE_MESSAGES.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        maxLength={limits.PEOPLE_QUERY_MAX}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setPage(1);
        }}
        type="search"
        mb="md"
      />
      {body}
      {open !== null && (
        <PersonDrawer userId={userId} personId={open} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function StatusBadges({ row }: { row: PersonRow }) {
  return (
    <Group gap={4} wrap="wrap">
      {row.disabled ? (
        <Badge color="red" variant="light">
          {PEOPLE_MESSAGES.disabled}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          {PEOPLE_MESSAGES.active}
        </Badge>
      )}
      {row.isPro && (
        <Badge
          color="yellow"
          variant="light"
          title={row.proUntil ? formatDay(row.proUntil) : undefined}
        >
          {PEOPLE_MESSAGES.pro}
        </Badge>
      )}
      {!row.confirmed && (
        <Badge color="gray" variant="light">
          {PEOPLE_MESSAGES.unconfirmed}
        </Badge>
      )}
    </Group>
  );
}

function permissionsText(row: PersonRow): string {
  return row.permissions.length ? row.permissions.join(', ') : PEOPLE_MESSAGES.noPermissions;
}

function PeopleTable({ items, onOpen }: { items: PersonRow[]; onOpen: (id: number) => void }) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" data-testid="people-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{PEOPLE_MESSAGES.name}</Table.Th>
          <Table.Th>{PEOPLE_MESSAGES.email}</Table.Th>
          <Table.Th>{PEOPLE_MESSAGES.createdAt}</Table.Th>
          <Table.Th>{PEOPLE_MESSAGES.status}</Table.Th>
          <Table.Th>{PEOPLE_MESSAGES.permissions}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((row) => (
          <Table.Tr key={row.id} data-testid="people-row">
            <Table.Td>
              <UnstyledButton className={classes.rowLink} onClick={() => onOpen(row.id)}>
                {row.name || row.email}
              </UnstyledButton>
            </Table.Td>
            <Table.Td className={classes.email}>{row.email}</Table.Td>
            <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
            <Table.Td>
              <StatusBadges row={row} />
            </Table.Td>
            <Table.Td>{permissionsText(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PeopleCards({ items, onOpen }: { items: PersonRow[]; onOpen: (id: number) => void }) {
  return (
    <Stack gap="sm" data-testid="people-cards">
      {items.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" data-testid="people-row">
          <UnstyledButton className={classes.cardButton} onClick={() => onOpen(row.id)}>
            <Text fw={600} className={classes.email}>
              {row.name || row.email}
            </Text>
            <Text size="sm" c="dimmed" className={classes.email}>
              {row.email}
            </Text>
            <Text size="xs" c="dimmed">
              {PEOPLE_MESSAGES.createdAt} {formatDateTime(row.createdAt)} ·{' '}
              {PEOPLE_MESSAGES.permissions}: {permissionsText(row)}
            </Text>
          </UnstyledButton>
          <StatusBadges row={row} />
        </Paper>
      ))}
    </Stack>
  );
}
