import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCrown, IconLock, IconLockOpen } from '@tabler/icons-react';
import type { Person } from '@/generated/Person';
import { messages } from '@/generated/validation-rules';
import { toast } from '@/lib/toast';
import { isAccessRefusal, personQueryOptions, usePersonChange } from './api/people-api';
import { formatDay, formatStaffDate as formatDateTime } from '@/features/backoffice/format';
import { subscriptionSource, subscriptionStatus } from './format';
import { PEOPLE_MESSAGES, PERMISSION_LABELS } from './messages';
import { GateSkeleton, PeopleRefusal } from './PeopleGate';
import classes from './People.module.css';

/** One account: its permissions, PRO and access, each change confirmed by a toast. */
export function PersonDrawer({
  userId,
  personId,
  onClose,
}: {
  userId: number;
  personId: number;
  onClose: () => void;
}) {
  const person = useQuery(personQueryOptions(userId, personId));
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={PEOPLE_MESSAGES.detailTitle}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      data-testid="person-drawer"
    >
      {person.isPending ? (
        <GateSkeleton label={PEOPLE_MESSAGES.loadingPerson} />
      ) : person.isError ? (
        isAccessRefusal(person.error) ? (
          <PeopleRefusal error={person.error} />
        ) : (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={PEOPLE_MESSAGES.personError}
          >
            {person.error.message}
          </Alert>
        )
      ) : (
        <PersonDetail key={person.data.account.id} userId={userId} person={person.data} />
      )}
    </Drawer>
  );
}

function PersonDetail({ userId, person }: { userId: number; person: Person }) {
  const { account } = person;
  const change = usePersonChange(userId, account.id);
  const [permissions, setPermissions] = useState<string[]>(account.permissions.map(String));
  const [until, setUntil] = useState('');
  const [confirming, setConfirming] = useState(false);
  const permissionsChanged =
    [...permissions].sort().join(',') !== account.permissions.map(String).sort().join(',');

  const run = (what: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(what, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message),
    });

  return (
    <Stack gap="lg" data-testid="person-detail">
      <div>
        <Title order={3} size="h4" className={classes.email}>
          {account.name || account.email}
        </Title>
        <Text size="sm" c="dimmed" className={classes.email}>
          {account.email} · nº {account.id}
        </Text>
        <Text size="xs" c="dimmed">
          {PEOPLE_MESSAGES.createdAt} {formatDateTime(account.createdAt)}
        </Text>
        <Group gap={4} mt="xs">
          {account.disabled && (
            <Badge color="red" variant="light">
              {PEOPLE_MESSAGES.disabled}
            </Badge>
          )}
          {!account.confirmed && (
            <Badge color="gray" variant="light">
              {PEOPLE_MESSAGES.unconfirmed}
            </Badge>
          )}
        </Group>
      </div>

      <section aria-labelledby="person-permissions">
        <Title order={4} size="h5" id="person-permissions">
          {PEOPLE_MESSAGES.permissionsTitle}
        </Title>
        <Checkbox.Group
          value={permissions}
          onChange={setPermissions}
          description={PEOPLE_MESSAGES.permissionsHint}
          mt={4}
        >
          <div className={classes.permissionGrid}>
            {PERMISSION_LABELS.map(({ value, label, hint }) => (
              <Checkbox
                key={value}
                value={String(value)}
                label={`${value} · ${label}`}
                description={hint}
              />
            ))}
          </div>
        </Checkbox.Group>
        <Button
          mt="sm"
          disabled={!permissionsChanged}
          loading={change.isPending && change.variables?.kind === 'permissions'}
          onClick={() =>
            run(
              {
                kind: 'permissions',
                permissions: permissions.map(Number).sort((a, b) => a - b),
              },
              messages.PEOPLE_PERMISSIONS_SAVED,
            )
          }
        >
          {PEOPLE_MESSAGES.savePermissions}
        </Button>
      </section>

      <Divider />

      <section aria-labelledby="person-pro">
        <Title order={4} size="h5" id="person-pro">
          {PEOPLE_MESSAGES.proTitle}
        </Title>
        <Text size="sm" mt={4} data-testid="person-pro-state">
          {account.isPro
            ? account.proUntil
              ? PEOPLE_MESSAGES.proActiveUntil(formatDay(account.proUntil))
              : PEOPLE_MESSAGES.proActiveOpen
            : PEOPLE_MESSAGES.notPro}
        </Text>
        <Group align="flex-end" gap="sm" mt="xs" wrap="wrap">
          <TextInput
            type="date"
            label={PEOPLE_MESSAGES.proUntil}
            description={PEOPLE_MESSAGES.proUntilHint}
            value={until}
            onChange={(event) => setUntil(event.currentTarget.value)}
          />
          <Button
            leftSection={<IconCrown size={16} aria-hidden />}
            loading={change.isPending && change.variables?.kind === 'grantPro'}
            onClick={() =>
              run({ kind: 'grantPro', until: until || null }, messages.PEOPLE_PRO_GRANTED)
            }
          >
            {PEOPLE_MESSAGES.grantPro}
          </Button>
          {account.isPro && (
            <Button
              variant="light"
              color="red"
              loading={change.isPending && change.variables?.kind === 'revokePro'}
              onClick={() => run({ kind: 'revokePro' }, messages.PEOPLE_PRO_REVOKED)}
            >
              {PEOPLE_MESSAGES.revokePro}
            </Button>
          )}
        </Group>
        <Text size="sm" fw={600} mt="md">
          {PEOPLE_MESSAGES.subscriptions}
        </Text>
        {person.subscriptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {PEOPLE_MESSAGES.noSubscriptions}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {person.subscriptions.map((subscription) => (
              <List.Item key={subscription.id}>
                {subscriptionSource(subscription.source)} ·{' '}
                {subscriptionStatus(subscription.status)}
                {subscription.currentPeriodEnd
                  ? ` · até ${formatDay(subscription.currentPeriodEnd)}`
                  : ' · sem término'}
                {subscription.live ? ' · vale hoje' : ''}
              </List.Item>
            ))}
          </List>
        )}
      </section>

      <Divider />

      <section aria-labelledby="person-access">
        <Title order={4} size="h5" id="person-access">
          {PEOPLE_MESSAGES.accountTitle}
        </Title>
        <Button
          mt="xs"
          variant={account.disabled ? 'filled' : 'light'}
          color={account.disabled ? 'green' : 'red'}
          leftSection={
            account.disabled ? (
              <IconLockOpen size={16} aria-hidden />
            ) : (
              <IconLock size={16} aria-hidden />
            )
          }
          onClick={() => setConfirming(true)}
        >
          {account.disabled ? PEOPLE_MESSAGES.enable : PEOPLE_MESSAGES.disable}
        </Button>
      </section>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={
          account.disabled
            ? PEOPLE_MESSAGES.enableConfirmTitle
            : PEOPLE_MESSAGES.disableConfirmTitle
        }
        centered
      >
        <Text size="sm">
          {account.disabled
            ? PEOPLE_MESSAGES.enableConfirm(account.email)
            : PEOPLE_MESSAGES.disableConfirm(account.email)}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {PEOPLE_MESSAGES.cancel}
          </Button>
          <Button
            color={account.disabled ? 'green' : 'red'}
            loading={change.isPending && change.variables?.kind === 'disabled'}
            onClick={() => {
              const disabled = !account.disabled;
              change.mutate(
                { kind: 'disabled', disabled },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(disabled ? messages.PEOPLE_DISABLED : messages.PEOPLE_ENABLED);
                  },
                  onError: (error) => toast.error(error.message),
                },
              );
            }}
          >
            {PEOPLE_MESSAGES.confirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
