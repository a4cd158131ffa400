/**
 * Toasts (doc1 §2, §8): kinds info, success and error. Info and success close after
 * {@link TOAST_DURATION_MS}; errors stay until the visitor clicks 'Fechar'. Every toast carries a real
 * 'Fechar' button. All code shows toasts through this module, never through Mantine directly.
 */
import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { TOAST_DURATION_MS } from './constants';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastOptions {
  title?: string;
  /** Keeps a success/info toast open until 'Fechar' (C24: the account-deletion notice). */
  persistent?: boolean;
  /** Extra content under the message (for example a link button). */
  action?: ReactNode;
}

const KIND = {
  info: { color: 'blue', icon: <IconInfoCircle size={20} aria-hidden /> },
  success: { color: 'teal', icon: <IconCircleCheck size={20} aria-hidden /> },
  error: { color: 'red', icon: <IconAlertTriangle size={20} aria-hidden /> },
} as const satisfies Record<ToastKind, { color: string; icon: ReactNode }>;

/** Duration of the toasts' enter/exit animation (the Notifications host uses it). */
export const TOAST_EXIT_TRANSITION_MS = 250;

let counter = 0;

/** Shows a toast and returns its id. */
export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  counter += 1;
  const id = `toast-${counter}`;
  const autoClose = kind === 'error' || options.persistent ? false : TOAST_DURATION_MS;
  notifications.show({
    id,
    color: KIND[kind].color,
    icon: KIND[kind].icon,
    title: options.title,
    autoClose,
    withCloseButton: false,
    // Errors are announced immediately; the rest politely.
    role: kind === 'error' ? 'alert' : 'status',
    'data-toast-kind': kind,
    message: (
      <>
        <Text size="sm" component="div">
          {message}
        </Text>
        {options.action}
        <Group justify="flex-end" mt={6}>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => hideToast(id)}>
            Fechar
          </Button>
        </Group>
      </>
    ),
  } as Parameters<typeof notifications.show>[0]);
  return id;
}

export function hideToast(id: string): void {
  notifications.hide(id);
}

export const toast = {
  info: (message: ReactNode, options?: ToastOptions) => showToast('info', message, options),
  success: (message: ReactNode, options?: ToastOptions) => showToast('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => showToast('error', message, options),
  hide: hideToast,
  clear: () => notifications.clean(),
};

/** The notice of links to pages that do not exist yet (doc1 §2 Footer). */
export const NOT_IMPLEMENTED_MESSAGE = 'Essa página ainda não foi implementada';
