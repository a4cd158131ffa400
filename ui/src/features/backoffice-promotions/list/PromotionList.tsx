import { Group, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconGift, IconMessage, IconTrophy } from '@tabler/icons-react';
import { formatCount, periodText } from '@/features/backoffice/format';
import {
  CardCount,
  EmptyList,
  ListSkeleton,
  PagedList,
  RowCards,
  RowsTable,
  Thumb as Thumbnail,
  TitleLink as RowLink,
} from '@/features/backoffice/list/ListParts';
import { ProBadge } from '@/features/backoffice/ProBadge';
import type { PromotionRow } from '@/generated/PromotionRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { promotionsListQueryOptions, type PromotionFilters } from '../api/promotions-api';
import { PROMOTION_NOUNS } from '../format';
import { PROMO_MESSAGES, PROMOTION_NEW_PATH, promotionEditPath } from '../messages';
import { PromotionsRefusal } from '../PromotionsGate';
import { StatusBadge } from '../StatusBadge';
import { hasFilters } from './use-promotion-params';
import shared from '@/features/backoffice/Backoffice.module.css';

export interface PromotionListProps {
  userId: number;
  filters: PromotionFilters;
  update: (patch: Partial<PromotionFilters>) => void;
  clear: () => void;
}

/**
 * One page of promotions, latest start first: a table from 992 px, stacked cards below (nothing
 * scrolls sideways down to 320 px), in the back office's look.
 */
export function PromotionList({ userId, filters, update, clear }: PromotionListProps) {
  const list = useQuery({
    ...promotionsListQueryOptions(userId, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useBreakpoint().width >= BREAKPOINT_MD;
  const filtered = hasFilters(filters) || filters.page > 1;

  return (
    <PagedList
      query={list}
      refusal={(error) => <PromotionsRefusal error={error} />}
      skeleton={
        <ListSkeleton label={PROMO_MESSAGES.loadingList} data-testid="promotions-loading" />
      }
      errorTitle={PROMO_MESSAGES.listError}
      errorTestId="promotions-list-error"
      empty={
        <EmptyList
          icon={IconGift}
          title={PROMO_MESSAGES.empty}
          description={filtered ? PROMO_MESSAGES.emptyHint : PROMO_MESSAGES.emptyStart}
          onClear={filtered ? clear : undefined}
          newTo={PROMOTION_NEW_PATH}
          newLabel={PROMO_MESSAGES.newPromotion}
          data-testid="promotions-empty"
        />
      }
      page={filters.page}
      onPage={(page) => update({ page })}
      nouns={PROMOTION_NOUNS}
      totalTestId="promotions-total"
    >
      {(items) => (wide ? <PromotionTable items={items} /> : <PromotionCards items={items} />)}
    </PagedList>
  );
}

function Thumb({ row }: { row: PromotionRow }) {
  return <Thumbnail url={row.imageUrl} emptyLabel={PROMO_MESSAGES.noPicture} />;
}

function TitleLink({ row }: { row: PromotionRow }) {
  return <RowLink to={promotionEditPath(row.id)}>{row.title}</RowLink>;
}

function Period({ row }: { row: PromotionRow }) {
  return (
    <span className={shared.rowDate} data-testid="period">
      {periodText(row.startsAt, row.endsAt)}
    </span>
  );
}

function PromotionTable({ items }: { items: PromotionRow[] }) {
  return (
    <RowsTable
      data-testid="promotions-table"
      head={
        <>
          <th scope="col">
            <VisuallyHidden>{PROMO_MESSAGES.picture}</VisuallyHidden>
          </th>
          <th scope="col">{PROMO_MESSAGES.promotion}</th>
          <th scope="col">{PROMO_MESSAGES.status}</th>
          <th scope="col">{PROMO_MESSAGES.period}</th>
          <th scope="col" className={shared.numeric}>
            {PROMO_MESSAGES.answers}
          </th>
          <th scope="col" className={shared.numeric}>
            {PROMO_MESSAGES.winners}
          </th>
        </>
      }
    >
      {items.map((row) => (
        <tr key={row.id} data-testid={`promotion-row-${row.id}`}>
          <td className={shared.thumbCell}>
            <Thumb row={row} />
          </td>
          <td className={shared.titleCell}>
            <TitleLink row={row} />
            {row.isPro && (
              <Group gap={6} mt={4}>
                <ProBadge size="xs" />
              </Group>
            )}
          </td>
          <td>
            <StatusBadge status={row.status} />
          </td>
          <td className={shared.dateCell}>
            <Period row={row} />
          </td>
          <td className={shared.numeric}>{formatCount(row.answers)}</td>
          <td className={shared.numeric}>{formatCount(row.winners)}</td>
        </tr>
      ))}
    </RowsTable>
  );
}

function PromotionCards({ items }: { items: PromotionRow[] }) {
  return (
    <RowCards data-testid="promotions-cards">
      {items.map((row) => (
        <li key={row.id} className={shared.card} data-testid={`promotion-row-${row.id}`}>
          <Thumb row={row} />
          <div className={shared.cardBody}>
            <Group gap={6} wrap="wrap" mb={4}>
              <StatusBadge status={row.status} size="sm" />
              {row.isPro && <ProBadge size="sm" />}
            </Group>
            <TitleLink row={row} />
            <div className={shared.cardMeta}>
              <Period row={row} />
              <CardCount icon={IconMessage} value={row.answers} label={PROMO_MESSAGES.answers} />
              <CardCount icon={IconTrophy} value={row.winners} label={PROMO_MESSAGES.winners} />
            </div>
          </div>
        </li>
      ))}
    </RowCards>
  );
}
