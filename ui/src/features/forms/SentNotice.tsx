import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

interface SentNoticeProps {
  /** The spec's success text of the form. */
  message: string;
  testId: string;
  mb?: 'md' | 'lg';
}

/** The notice a form shows above itself once sent (its fields stay, disabled). */
export function SentNotice({ message, testId, mb = 'lg' }: SentNoticeProps) {
  return (
    <Alert
      color="teal"
      variant="light"
      radius="md"
      mb={mb}
      role="status"
      icon={<IconCircleCheck size={22} aria-hidden />}
      data-testid={testId}
    >
      <Text fw={600} c="var(--mantine-color-text)">
        {message}
      </Text>
    </Alert>
  );
}
