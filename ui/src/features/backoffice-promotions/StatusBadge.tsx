import { Badge, type BadgeProps } from '@mantine/core';
import type { CampaignStatus } from '@/generated/CampaignStatus';
import { HUNT_STATUS_LABELS, STATUS_COLORS, STATUS_LABELS } from './messages';

/** Oculta / Agendada / Aberta / Encerrada (a hunt's 'hidden' reads 'Inativa'), each in its colour. */
export function StatusBadge({
  status,
  hunt = false,
  ...props
}: { status: CampaignStatus; hunt?: boolean } & BadgeProps) {
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      radius="sm"
      data-testid="campaign-status"
      {...props}
    >
      {(hunt ? HUNT_STATUS_LABELS : STATUS_LABELS)[status]}
    </Badge>
  );
}
