/** Pieces both editors (promotion and hunt) share: the counter, the 409 alert and the two modals. */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { charCount } from '@/features/newsroom/editor/news-form';
import { PROMO_MESSAGES } from '../messages';
import shared from '@/features/newsroom/Newsroom.module.css';

/** `12/150`, turning red past the limit (characters as the server counts them). */
export function Counter({ text, max }: { text: string; max: number }) {
  const count = charCount(text);
  return (
    <Text size="xs" c={count > max ? 'red.7' : 'dimmed'} className={shared.counter} aria-hidden>
      {count}/{max}
    </Text>
  );
}

/** Someone else saved since the editor loaded (409): the server's words and a way to reload. */
export function StaleAlert({ message, onReload }: { message: string; onReload?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={PROMO_MESSAGES.staleTitle}
      mb="lg"
      role="alert"
      data-testid="stale-alert"
    >
      <Text size="sm">{message}</Text>
      {onReload && (
        <Button
          mt="sm"
          size="xs"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onReload}
        >
          {PROMO_MESSAGES.reload}
        </Button>
      )}
    </Alert>
  );
}

/** 'Sair sem salvar?' for a link followed with unsaved changes (use-unsaved-guard). */
export function LeaveModal({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title={PROMO_MESSAGES.leaveTitle} centered>
      <Text size="sm">{PROMO_MESSAGES.leaveText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          {PROMO_MESSAGES.stay}
        </Button>
        <Button color="red" onClick={onLeave}>
          {PROMO_MESSAGES.leave}
        </Button>
      </Group>
    </Modal>
  );
}

/** The delete confirmation: what goes, and a red 'Excluir' that spins while it works. */
export function DeleteModal({
  opened,
  title,
  text,
  name,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  name: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{text}</Text>
      {name && (
        <Text size="sm" fw={700} mt="sm">
          {name}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {PROMO_MESSAGES.cancel}
        </Button>
        <Button
          color="red"
          loading={deleting}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onConfirm}
          data-testid="confirm-delete"
        >
          {PROMO_MESSAGES.delete}
        </Button>
      </Group>
    </Modal>
  );
}
