import { Badge, type BadgeProps } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { NewsState } from '@/generated/NewsState';
import { STATE_COLORS, STATE_LABELS } from './messages';

/** Rascunho / Agendada / Publicada / Despublicada, each in its colour. */
export function StateBadge({ state, ...props }: { state: NewsState } & BadgeProps) {
  return (
    <Badge
      variant="light"
      color={STATE_COLORS[state]}
      radius="sm"
      data-testid="news-state"
      {...props}
    >
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** The PRO flag of an item (text for subscribers only). */
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
