import { Badge, type BadgeProps } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';

export interface ProBadgeProps extends Omit<BadgeProps, 'children'> {
  /** On a dark picture or the dark scheme: a white badge. */
  onDark?: boolean;
}

/** The PRO badge of PRO-only promotions (doc2 §2). */
export function ProBadge({ onDark = false, ...props }: ProBadgeProps) {
  return (
    <Badge
      color="dark"
      variant={onDark ? 'white' : 'filled'}
      leftSection={<IconCrown size={12} aria-hidden />}
      title="Promoção exclusiva para assinantes PRO"
      data-testid="pro-badge"
      {...props}
    >
      PRO
    </Badge>
  );
}
