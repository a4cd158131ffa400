import { Badge, type BadgeProps } from '@mantine/core';
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
