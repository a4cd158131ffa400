import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconGift,
  IconMessage,
  IconPhotoOff,
  IconPlus,
  IconTrophy,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { imageWidthUrl } from '@/features/newsroom/api/newsroom-api';
import { formatCount } from '@/features/newsroom/format';
import { ProBadge } from '@/features/newsroom/StateBadge';
import { PageControls } from '@/features/people/PageControls';
import type { PromotionRow } from '@/generated/PromotionRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import {
  isAccessRefusal,
  promotionsListQueryOptions,
  type PromotionFilters,
} from '../api/promotions-api';
import { periodText, rangeText } from '../format';
import { PROMO_MESSAGES, PROMOTION_NEW_PATH, promotionEditPath } from '../messages';
import { PromotionsRefusal } from '../PromotionsGate';
import { StatusBadge } from '../StatusBadge';
import { hasFilters } from './use-promotion-params';
import shared from '@/features/newsroom/Newsroom.module.css';

export interface PromotionListProps {
  userId: number;
  filters: PromotionFilters;
  update: (patch: Partial<PromotionFilters>) => void;
  clear: () => void;
}

/** The thumbnail's width on the list: the smallest stored rendition. */
const THUMB_WIDTH = 320;

/**
 * One page of promotions, latest start first: a table from 992 px, stacked cards below (nothing
 * scrolls sideways down to 320 px). The newsroom list's look, from its stylesheet.
 */
export function PromotionList({ userId, filters, update, clear }: PromotionListProps) {
  const list = useQuery({
    ...promotionsListQueryOptions(userId, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  if (list.isPending) return <ListSkeleton label={PROMO_MESSAGES.loadingList} />;
  if (list.isError) {
    if (isAccessRefusal(list.error)) return <PromotionsRefusal error={list.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.listError}
        description={list.error.message}
        compact
        headingOrder={2}
        data-testid="promotions-list-error"
      >
        <Button mt="md" variant="light" onClick={() => void list.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }

  const { items, total, perPage } = list.data;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (items.length === 0) {
    const filtered = hasFilters(filters) || filters.page > 1;
    return (
      <EmptyState
        icon={IconGift}
        title={PROMO_MESSAGES.empty}
        description={filtered ? PROMO_MESSAGES.emptyHint : PROMO_MESSAGES.emptyStart}
        compact
        headingOrder={2}
        data-testid="promotions-empty"
      >
        <Group justify="center" gap="sm" mt="md">
          {filtered && (
            <Button variant="light" onClick={clear}>
              {PROMO_MESSAGES.clearFilters}
            </Button>
          )}
          <Button component={Link} to={PROMOTION_NEW_PATH} leftSection={<IconPlus size={16} />}>
            {PROMO_MESSAGES.newPromotion}
          </Button>
        </Group>
      </EmptyState>
    );
  }

  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="promotions-total">
        {rangeText(filters.page, perPage, total)}
      </Text>
      {wide ? <PromotionTable items={items} /> : <PromotionCards items={items} />}
      <PageControls
        page={filters.page}
        pages={pages}
        onChange={(page) => {
          update({ page });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

function Thumb({ row }: { row: PromotionRow }) {
  if (!row.imageUrl) {
    return (
      <span className={shared.thumb} data-empty>
        <IconPhotoOff size={20} stroke={1.5} aria-hidden />
        <VisuallyHidden>{PROMO_MESSAGES.noPicture}</VisuallyHidden>
      </span>
    );
  }
  return (
    <img
      className={shared.thumb}
      src={imageWidthUrl(row.imageUrl, THUMB_WIDTH)}
      alt=""
      loading="lazy"
      decoding="async"
      width={96}
      height={54}
    />
  );
}

function TitleLink({ row }: { row: PromotionRow }) {
  return (
    <Link to={promotionEditPath(row.id)} className={shared.titleLink}>
      {row.title}
    </Link>
  );
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
    <div className={shared.tableWrap}>
      <table className={shared.table} data-testid="promotions-table">
        <thead>
          <tr>
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
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}

function PromotionCards({ items }: { items: PromotionRow[] }) {
  return (
    <ul className={shared.cards} data-testid="promotions-cards">
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
              <span className={shared.views}>
                <IconMessage size={14} aria-hidden />
                {formatCount(row.answers)}
                <VisuallyHidden> {PROMO_MESSAGES.answers.toLowerCase()}</VisuallyHidden>
              </span>
              <span className={shared.views}>
                <IconTrophy size={14} aria-hidden />
                {formatCount(row.winners)}
                <VisuallyHidden> {PROMO_MESSAGES.winners.toLowerCase()}</VisuallyHidden>
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Rows of placeholders while a list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack gap={8} aria-busy="true" aria-label={label} data-testid="promotions-loading">
      <Skeleton height={14} width={160} radius="sm" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={74} radius="md" />
      ))}
    </Stack>
  );
}
