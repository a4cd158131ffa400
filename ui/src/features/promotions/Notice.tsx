import type { ReactNode } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface NoticeProps {
  icon: Icon;
  /** The spec's message, shown as is. */
  text: string;
  color?: string;
  /** Buttons under the message. */
  children?: ReactNode;
  'data-testid'?: string;
}

/** A message of the promotion page's panels (gates, closed, winners) with its buttons. */
export function Notice({
  icon: IconComponent,
  text,
  color = 'onda',
  children,
  ...rest
}: NoticeProps) {
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<IconComponent size={22} aria-hidden />}
      data-testid={rest['data-testid']}
    >
      <Text fw={600} c="var(--mantine-color-text)">
        {text}
      </Text>
      {children && (
        <Group gap="sm" mt="md">
          {children}
        </Group>
      )}
    </Alert>
  );
}
