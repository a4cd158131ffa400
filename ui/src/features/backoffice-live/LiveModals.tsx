import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { LIVE_MESSAGES } from './messages';

/** A yes/no question before an action that cannot be taken back (cutting a source, a password). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirm,
  color = 'red',
  busy,
  onCancel,
  onConfirm,
  testId,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirm: string;
  color?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid={testId}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {LIVE_MESSAGES.cancel}
        </Button>
        <Button color={color} loading={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The channel's new password, the one time it is shown (the server keeps its hash only). A click
 * beside the dialog does not close it: the password would be gone before it was copied.
 */
export function NewPasswordModal({
  channel,
  password,
  onClose,
}: {
  channel: string;
  password: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={password !== null}
      onClose={onClose}
      title={LIVE_MESSAGES.newPasswordTitle}
      centered
      closeOnClickOutside={false}
      data-testid="live-new-password"
    >
      <Stack gap="sm">
        <Text size="sm">{LIVE_MESSAGES.newPasswordFor(channel)}</Text>
        <Code
          block
          fz="lg"
          fw={700}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid="live-password-value"
        >
          {password}
        </Code>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {LIVE_MESSAGES.newPasswordNote}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={password ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? LIVE_MESSAGES.copied : LIVE_MESSAGES.copyPassword}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{LIVE_MESSAGES.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
