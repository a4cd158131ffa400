import { Button, Group, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconMap2, IconPlus, IconTrophy, IconUsers } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { formatCount } from '@/features/newsroom/format';
import type { HuntRow } from '@/generated/HuntRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { huntsQueryOptions, isAccessRefusal } from '../api/promotions-api';
import { periodText } from '../format';
import { HUNT_NEW_PATH, huntEditPath, PROMO_MESSAGES } from '../messages';
import { PromotionsRefusal } from '../PromotionsGate';
import { StatusBadge } from '../StatusBadge';
import { ListSkeleton } from './PromotionList';
import classes from '../Promotions.module.css';
import shared from '@/features/newsroom/Newsroom.module.css';

/**
 * The treasure hunts (a station runs a handful a year, so one unpaged list), latest start first:
 * 'Nova caça', then a table from 992 px or cards below.
 */
export function HuntsList({ userId }: { userId: number }) {
  const hunts = useQuery(huntsQueryOptions(userId));
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  const newButton = (
    <Button component={Link} to={HUNT_NEW_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
      {PROMO_MESSAGES.newHunt}
    </Button>
  );

  let content;
  if (hunts.isPending) content = <ListSkeleton label={PROMO_MESSAGES.loadingHunts} />;
  else if (hunts.isError) {
    if (isAccessRefusal(hunts.error)) return <PromotionsRefusal error={hunts.error} />;
    content = (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.huntsError}
        description={hunts.error.message}
        compact
        headingOrder={2}
        data-testid="hunts-error"
      >
        <Button mt="md" variant="light" onClick={() => void hunts.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  } else if (hunts.data.items.length === 0) {
    content = (
      <EmptyState
        icon={IconMap2}
        title={PROMO_MESSAGES.huntsEmpty}
        description={PROMO_MESSAGES.huntsEmptyHint}
        compact
        headingOrder={2}
        data-testid="hunts-empty"
      />
    );
  } else
    content = wide ? (
      <HuntTable items={hunts.data.items} />
    ) : (
      <HuntCards items={hunts.data.items} />
    );

  return (
    <div data-testid="hunts">
      <div className={classes.listHead}>{newButton}</div>
      {content}
    </div>
  );
}

const prizesText = (row: HuntRow) =>
  `${formatCount(row.prizesWon)}/${formatCount(row.totalPrizes)}`;

function TitleLink({ row }: { row: HuntRow }) {
  return (
    <Link to={huntEditPath(row.id)} className={shared.titleLink}>
      {row.title}
    </Link>
  );
}

function HuntTable({ items }: { items: HuntRow[] }) {
  return (
    <div className={shared.tableWrap}>
      <table className={shared.table} data-testid="hunts-table">
        <thead>
          <tr>
            <th scope="col">{PROMO_MESSAGES.hunt}</th>
            <th scope="col">{PROMO_MESSAGES.status}</th>
            <th scope="col">{PROMO_MESSAGES.period}</th>
            <th scope="col" className={shared.numeric}>
              {PROMO_MESSAGES.prizesWon}
            </th>
            <th scope="col" className={shared.numeric}>
              {PROMO_MESSAGES.players}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.id} data-testid={`hunt-row-${row.id}`}>
              <td className={shared.titleCell}>
                <TitleLink row={row} />
              </td>
              <td>
                <StatusBadge status={row.status} hunt />
              </td>
              <td className={shared.dateCell}>
                <span className={shared.rowDate}>{periodText(row.startsAt, row.endsAt)}</span>
              </td>
              <td className={shared.numeric}>{prizesText(row)}</td>
              <td className={shared.numeric}>{formatCount(row.players)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HuntCards({ items }: { items: HuntRow[] }) {
  return (
    <ul className={shared.cards} data-testid="hunts-cards">
      {items.map((row) => (
        <li key={row.id} className={shared.card} data-testid={`hunt-row-${row.id}`}>
          <div className={shared.cardBody}>
            <Group gap={6} mb={4}>
              <StatusBadge status={row.status} hunt size="sm" />
            </Group>
            <TitleLink row={row} />
            <div className={shared.cardMeta}>
              <span className={shared.rowDate}>{periodText(row.startsAt, row.endsAt)}</span>
              <span className={shared.views}>
                <IconTrophy size={14} aria-hidden />
                {prizesText(row)}
                <VisuallyHidden> {PROMO_MESSAGES.prizesWon.toLowerCase()}</VisuallyHidden>
              </span>
              <span className={shared.views}>
                <IconUsers size={14} aria-hidden />
                {formatCount(row.players)}
                <VisuallyHidden> {PROMO_MESSAGES.players.toLowerCase()}</VisuallyHidden>
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
