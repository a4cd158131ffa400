import { Button, Group, Pagination, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconEye, IconNews, IconPhotoOff, IconPlus } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import type { NewsroomRow } from '@/generated/NewsroomRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import {
  imageWidthUrl,
  isAccessRefusal,
  newsroomListQueryOptions,
  type NewsroomFilters,
} from '../api/newsroom-api';
import { formatCount, formatStaffDate, rangeText } from '../format';
import { NEWSROOM_MESSAGES, NEWSROOM_NEW_PATH, newsroomEditPath } from '../messages';
import { NewsroomRefusal } from '../NewsroomGate';
import { ProBadge, StateBadge } from '../StateBadge';
import { hasFilters } from './use-list-params';
import classes from '../Newsroom.module.css';

export interface NewsListProps {
  userId: number;
  filters: NewsroomFilters;
  update: (patch: Partial<NewsroomFilters>) => void;
  clear: () => void;
}

/** The thumbnail's width on the list: the smallest stored rendition. */
const THUMB_WIDTH = 320;

/**
 * One page of the list, newest change first: a table from 992 px, stacked cards below (nothing
 * scrolls sideways down to 320 px). Another page keeps the rows in place while it loads.
 */
export function NewsList({ userId, filters, update, clear }: NewsListProps) {
  const list = useQuery({
    ...newsroomListQueryOptions(userId, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    if (isAccessRefusal(list.error)) return <NewsroomRefusal error={list.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={NEWSROOM_MESSAGES.listError}
        description={list.error.message}
        compact
        headingOrder={2}
        data-testid="newsroom-list-error"
      >
        <Button mt="md" variant="light" onClick={() => void list.refetch()}>
          {NEWSROOM_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }

  const { items, total, perPage } = list.data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (items.length === 0) {
    const filtered = hasFilters(filters) || filters.page > 1;
    return (
      <EmptyState
        icon={IconNews}
        title={NEWSROOM_MESSAGES.empty}
        description={filtered ? NEWSROOM_MESSAGES.emptyHint : NEWSROOM_MESSAGES.emptyStart}
        compact
        headingOrder={2}
        data-testid="newsroom-empty"
      >
        <Group justify="center" gap="sm" mt="md">
          {filtered && (
            <Button variant="light" onClick={clear}>
              {NEWSROOM_MESSAGES.clearFilters}
            </Button>
          )}
          <Button component={Link} to={NEWSROOM_NEW_PATH} leftSection={<IconPlus size={16} />}>
            {NEWSROOM_MESSAGES.newItem}
          </Button>
        </Group>
      </EmptyState>
    );
  }

  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="newsroom-total">
        {rangeText(filters.page, perPage, total)}
      </Text>
      {wide ? <NewsTable items={items} /> : <NewsCards items={items} />}
      {pages > 1 && (
        <Group justify="center" mt="lg">
          <Pagination
            total={pages}
            value={Math.min(filters.page, pages)}
            onChange={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label="Páginas"
            getItemProps={(number) => ({ 'aria-label': `Página ${number}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Próxima página' : 'Página anterior',
            })}
            withEdges={false}
          />
        </Group>
      )}
    </div>
  );
}

/** Which date a row shows: when it goes or went out, else its last change. */
function rowDate(row: NewsroomRow): { label: string; iso: string } {
  if (row.state === 'scheduled' && row.publishAt)
    return { label: 'Agendada para', iso: row.publishAt };
  if (row.state === 'published' && row.publishAt)
    return { label: 'Publicada em', iso: row.publishAt };
  return { label: 'Alterada em', iso: row.updatedAt };
}

function Thumb({ row }: { row: NewsroomRow }) {
  if (!row.imageUrl) {
    return (
      <span className={classes.thumb} data-empty>
        <IconPhotoOff size={20} stroke={1.5} aria-hidden />
        <VisuallyHidden>{NEWSROOM_MESSAGES.noCover}</VisuallyHidden>
      </span>
    );
  }
  return (
    <img
      className={classes.thumb}
      src={imageWidthUrl(row.imageUrl, THUMB_WIDTH)}
      alt=""
      loading="lazy"
      decoding="async"
      width={96}
      height={54}
    />
  );
}

function TitleLink({ row }: { row: NewsroomRow }) {
  return (
    <Link to={newsroomEditPath(row.id)} className={classes.titleLink}>
      {row.title}
    </Link>
  );
}

function RowDate({ row }: { row: NewsroomRow }) {
  const { label, iso } = rowDate(row);
  return (
    <span className={classes.rowDate}>
      <span className={classes.dateLabel}>{label}</span>{' '}
      <time dateTime={iso}>{formatStaffDate(iso)}</time>
    </span>
  );
}

function NewsTable({ items }: { items: NewsroomRow[] }) {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="newsroom-table">
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>{NEWSROOM_MESSAGES.cover}</VisuallyHidden>
            </th>
            <th scope="col">{NEWSROOM_MESSAGES.headline}</th>
            <th scope="col">{NEWSROOM_MESSAGES.state}</th>
            <th scope="col">{NEWSROOM_MESSAGES.author}</th>
            <th scope="col">{NEWSROOM_MESSAGES.date}</th>
            <th scope="col" className={classes.numeric}>
              {NEWSROOM_MESSAGES.views}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.id} data-testid={`newsroom-row-${row.id}`}>
              <td className={classes.thumbCell}>
                <Thumb row={row} />
              </td>
              <td className={classes.titleCell}>
                <TitleLink row={row} />
                <Group gap={6} mt={4} wrap="wrap">
                  <Text span size="xs" c="dimmed" fw={600}>
                    {row.categoryName}
                  </Text>
                  {row.isPro && <ProBadge size="xs" />}
                </Group>
              </td>
              <td>
                <StateBadge state={row.state} />
              </td>
              <td className={classes.authorCell}>{row.author}</td>
              <td className={classes.dateCell}>
                <RowDate row={row} />
              </td>
              <td className={classes.numeric}>{formatCount(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewsCards({ items }: { items: NewsroomRow[] }) {
  return (
    <ul className={classes.cards} data-testid="newsroom-cards">
      {items.map((row) => (
        <li key={row.id} className={classes.card} data-testid={`newsroom-row-${row.id}`}>
          <Thumb row={row} />
          <div className={classes.cardBody}>
            <Group gap={6} wrap="wrap" mb={4}>
              <StateBadge state={row.state} size="sm" />
              {row.isPro && <ProBadge size="sm" />}
              <Text span size="xs" c="dimmed" fw={600}>
                {row.categoryName}
              </Text>
            </Group>
            <TitleLink row={row} />
            <div className={classes.cardMeta}>
              <span>{row.author}</span>
              <RowDate row={row} />
              <span className={classes.views}>
                <IconEye size={14} aria-hidden />
                {formatCount(row.views)}
                <VisuallyHidden> {NEWSROOM_MESSAGES.views.toLowerCase()}</VisuallyHidden>
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <Stack
      gap={8}
      aria-busy="true"
      aria-label={NEWSROOM_MESSAGES.loadingList}
      data-testid="newsroom-loading"
    >
      <Skeleton height={14} width={160} radius="sm" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={74} radius="md" />
      ))}
    </Stack>
  );
}
