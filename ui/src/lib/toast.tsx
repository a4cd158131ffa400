/**
 * Toasts (doc1 §2, §8): kinds info, success and error. Info and success close after
 * {@link TOAST_DURATION_MS}; errors stay until the visitor clicks 'Fechar'. Every toast carries a real
 * 'Fechar' button. A text already on screen is not stacked again: the new toast replaces the old
 * one (the same CPF error used to pile up on every submit). All code shows toasts through this
 * module, never through Mantine directly.
 */
import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
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

/** The toast on screen for each text (title and message), to replace it when the text comes again. */
const shownTexts = new Map<string, string>();

/** Texts are compared; other content (elements) always makes a toast of its own. */
function textKey(message: ReactNode, title: string | undefined): string | null {
  if (typeof message !== 'string' && typeof message !== 'number') return null;
  return `${title ?? ''}\n${message}`;
}

function isShown(id: string): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((item) => item.id === id) || queue.some((item) => item.id === id);
}

/**
 * Shows a toast and returns its id. When a toast with the same text is still shown it goes, and
 * the new one (with a fresh timer) takes the latest place: one toast per text.
 */
export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  const key = textKey(message, options.title);
  const previous = key === null ? undefined : shownTexts.get(key);
  if (previous !== undefined && isShown(previous)) notifications.hide(previous);
  counter += 1;
  const id = `toast-${counter}`;
  if (key !== null) shownTexts.set(key, id);
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
    onClose: () => {
      if (key !== null && shownTexts.get(key) === id) shownTexts.delete(key);
    },
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
  clear: () => {
    shownTexts.clear();
    notifications.clean();
  },
};
