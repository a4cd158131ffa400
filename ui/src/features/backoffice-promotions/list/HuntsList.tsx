import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMap2, IconTrophy, IconUsers } from '@tabler/icons-react';
import { formatCount, periodText } from '@/features/backoffice/format';
import {
  CardCount,
  EmptyList,
  ListHead,
  ListSkeleton,
  NewButton,
  QueryList,
  RowCards,
  RowsTable,
  TitleLink as RowLink,
} from '@/features/backoffice/list/ListParts';
import type { HuntRow } from '@/generated/HuntRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { huntsQueryOptions, isAccessRefusal } from '../api/promotions-api';
import { HUNT_NEW_PATH, huntEditPath, PROMO_MESSAGES } from '../messages';
import { PromotionsRefusal } from '../PromotionsGate';
import { StatusBadge } from '../StatusBadge';
import shared from '@/features/backoffice/Backoffice.module.css';

/**
 * The treasure hunts (a station runs a handful a year, so one unpaged list), latest start first:
 * 'Nova caça', then a table from 992 px or cards below.
 */
export function HuntsList({ userId }: { userId: number }) {
  const hunts = useQuery(huntsQueryOptions(userId));
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  if (hunts.isError && isAccessRefusal(hunts.error))
    return <PromotionsRefusal error={hunts.error} />;
  return (
    <div data-testid="hunts">
      <ListHead>
        <NewButton to={HUNT_NEW_PATH} label={PROMO_MESSAGES.newHunt} head={false} />
      </ListHead>
      <QueryList
        query={hunts}
        refusal={() => null}
        skeleton={
          <ListSkeleton label={PROMO_MESSAGES.loadingHunts} data-testid="promotions-loading" />
        }
        errorTitle={PROMO_MESSAGES.huntsError}
        errorTestId="hunts-error"
        empty={
          <EmptyList
            icon={IconMap2}
            title={PROMO_MESSAGES.huntsEmpty}
            description={PROMO_MESSAGES.huntsEmptyHint}
            data-testid="hunts-empty"
          />
        }
      >
        {({ items }) => (wide ? <HuntTable items={items} /> : <HuntCards items={items} />)}
      </QueryList>
    </div>
  );
}

const prizesText = (row: HuntRow) =>
  `${formatCount(row.prizesWon)}/${formatCount(row.totalPrizes)}`;

function TitleLink({ row }: { row: HuntRow }) {
  return <RowLink to={huntEditPath(row.id)}>{row.title}</RowLink>;
}

function HuntTable({ items }: { items: HuntRow[] }) {
  return (
    <RowsTable
      data-testid="hunts-table"
      head={
        <>
          <th scope="col">{PROMO_MESSAGES.hunt}</th>
          <th scope="col">{PROMO_MESSAGES.status}</th>
          <th scope="col">{PROMO_MESSAGES.period}</th>
          <th scope="col" className={shared.numeric}>
            {PROMO_MESSAGES.prizesWon}
          </th>
          <th scope="col" className={shared.numeric}>
            {PROMO_MESSAGES.players}
          </th>
        </>
      }
    >
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
    </RowsTable>
  );
}

function HuntCards({ items }: { items: HuntRow[] }) {
  return (
    <RowCards data-testid="hunts-cards">
      {items.map((row) => (
        <li key={row.id} className={shared.card} data-testid={`hunt-row-${row.id}`}>
          <div className={shared.cardBody}>
            <Group gap={6} mb={4}>
              <StatusBadge status={row.status} hunt size="sm" />
            </Group>
            <TitleLink row={row} />
            <div className={shared.cardMeta}>
              <span className={shared.rowDate}>{periodText(row.startsAt, row.endsAt)}</span>
              <CardCount
                icon={IconTrophy}
                value={prizesText(row)}
                label={PROMO_MESSAGES.prizesWon}
              />
              <CardCount icon={IconUsers} value={row.players} label={PROMO_MESSAGES.players} />
            </div>
          </div>
        </li>
      ))}
    </RowCards>
  );
}
