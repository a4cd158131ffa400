import type { ReactNode } from 'react';
import { Alert, Anchor, Button } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { SUBMITTING_LABELS, type Submitting } from '../messages';

/** The submit button: the C35 label while `submitting`, else `children`. */
export function SubmitButton({
  kind,
  submitting,
  disabled,
  children,
}: {
  kind: Submitting;
  submitting: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      fullWidth
      disabled={disabled || submitting}
      data-testid="auth-submit"
      // 'Preencha todos os campos corretamente' must stay readable on 320 px phones: wrap, don't clip.
      h="auto"
      mih={36}
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
    >
      {submitting ? SUBMITTING_LABELS[kind] : children}
    </Button>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" p="xs">
      {message}
    </Alert>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status" p="xs">
      {children}
    </Alert>
  );
}

export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {children}
    </Anchor>
  );
}
