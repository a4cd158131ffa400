import { Badge, type BadgeProps } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';

/** The PRO flag of an item (for subscribers only): a news item, a promotion. */
export function ProBadge(props: BadgeProps) {
  return (
    <Badge
      variant="filled"
      color="dark"
      radius="sm"
      leftSection={<IconCrown size={11} aria-hidden />}
      {...props}
    >
      PRO
    </Badge>
  );
}
