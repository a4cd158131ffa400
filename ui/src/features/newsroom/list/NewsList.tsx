import { Group, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconEye, IconNews } from '@tabler/icons-react';
import { formatCount, formatStaffDate } from '@/features/backoffice/format';
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
import type { NewsroomRow } from '@/generated/NewsroomRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { newsroomListQueryOptions, type NewsroomFilters } from '../api/newsroom-api';
import { NEWSROOM_MESSAGES, NEWSROOM_NEW_PATH, newsroomEditPath } from '../messages';
import { NewsroomRefusal } from '../NewsroomGate';
import { StateBadge } from '../StateBadge';
import { hasFilters } from './use-list-params';
import classes from '@/features/backoffice/Backoffice.module.css';

export interface NewsListProps {
  userId: number;
  filters: NewsroomFilters;
  update: (patch: Partial<NewsroomFilters>) => void;
  clear: () => void;
}

const NEWS_NOUNS = { none: 'Nenhuma notícia', one: 'notícia', many: 'notícias' };

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
  const filtered = hasFilters(filters) || filters.page > 1;

  return (
    <PagedList
      query={list}
      refusal={(error) => <NewsroomRefusal error={error} />}
      skeleton={
        <ListSkeleton label={NEWSROOM_MESSAGES.loadingList} data-testid="newsroom-loading" />
      }
      errorTitle={NEWSROOM_MESSAGES.listError}
      errorTestId="newsroom-list-error"
      empty={
        <EmptyList
          icon={IconNews}
          title={NEWSROOM_MESSAGES.empty}
          description={filtered ? NEWSROOM_MESSAGES.emptyHint : NEWSROOM_MESSAGES.emptyStart}
          onClear={filtered ? clear : undefined}
          newTo={NEWSROOM_NEW_PATH}
          newLabel={NEWSROOM_MESSAGES.newItem}
          data-testid="newsroom-empty"
        />
      }
      page={filters.page}
      onPage={(page) => update({ page })}
      nouns={NEWS_NOUNS}
      totalTestId="newsroom-total"
    >
      {(items) => (wide ? <NewsTable items={items} /> : <NewsCards items={items} />)}
    </PagedList>
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
  return <Thumbnail url={row.imageUrl} emptyLabel={NEWSROOM_MESSAGES.noCover} />;
}

function TitleLink({ row }: { row: NewsroomRow }) {
  return <RowLink to={newsroomEditPath(row.id)}>{row.title}</RowLink>;
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
    <RowsTable
      data-testid="newsroom-table"
      head={
        <>
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
        </>
      }
    >
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
    </RowsTable>
  );
}

function NewsCards({ items }: { items: NewsroomRow[] }) {
  return (
    <RowCards data-testid="newsroom-cards">
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
              <CardCount icon={IconEye} value={row.views} label={NEWSROOM_MESSAGES.views} />
            </div>
          </div>
        </li>
      ))}
    </RowCards>
  );
}
