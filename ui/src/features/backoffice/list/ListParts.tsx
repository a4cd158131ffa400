/** The pieces of every back-office list: head, pages, skeleton, states, thumbnails, title links. */
import type { ReactNode } from 'react';
import { Button, Group, Pagination, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconFilterOff,
  IconPhotoOff,
  IconPlus,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { formatCount, imageWidthUrl, rangeText, type CountNouns } from '../format';
import { isAccessRefusal } from '../form';
import { BACKOFFICE_MESSAGES } from '../messages';
import classes from '../Backoffice.module.css';

/** The list's head: the search (and filters) and the 'Novo(a) …' button. */
export function ListHead({ children }: { children: ReactNode }) {
  return <div className={classes.listHead}>{children}</div>;
}

/** 'Nova notícia', 'Nova promoção', …: a link to the new item's editor. */
export function NewButton({
  to,
  label,
  head = true,
}: {
  to: string;
  label: string;
  head?: boolean;
}) {
  return (
    <Button
      component={Link}
      to={to}
      leftSection={<IconPlus size={18} aria-hidden />}
      className={head ? classes.newButton : undefined}
    >
      {label}
    </Button>
  );
}

/** 'Limpar filtros' in a filter row. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      className={classes.clearFilters}
      variant="subtle"
      color="gray"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={onClick}
    >
      {BACKOFFICE_MESSAGES.clearFilters}
    </Button>
  );
}

/** The pages of a list, in Portuguese. */
export function PageControls({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        siblings={1}
        boundaries={1}
        aria-label={BACKOFFICE_MESSAGES.pages}
        getItemProps={(number) => ({ 'aria-label': `${BACKOFFICE_MESSAGES.page} ${number}` })}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next' ? BACKOFFICE_MESSAGES.nextPage : BACKOFFICE_MESSAGES.previousPage,
        })}
        withEdges={false}
      />
    </Group>
  );
}

/** Rows of placeholders while a list loads. */
export function ListSkeleton({
  label,
  'data-testid': testId,
  rowHeight = 74,
}: {
  label: string;
  'data-testid': string;
  rowHeight?: number;
}) {
  return (
    <Stack gap={8} aria-busy="true" aria-label={label} data-testid={testId}>
      <Skeleton height={14} width={160} radius="sm" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={rowHeight} radius="md" />
      ))}
    </Stack>
  );
}

/** A list that could not load: the server's words and 'Tentar de novo'. */
export function ListError({
  title,
  error,
  onRetry,
  'data-testid': testId,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  'data-testid': string;
}) {
  return (
    <EmptyState
      icon={IconAlertTriangle}
      title={title}
      description={error.message}
      compact
      headingOrder={2}
      data-testid={testId}
    >
      <Button mt="md" variant="light" onClick={onRetry}>
        {BACKOFFICE_MESSAGES.retry}
      </Button>
    </EmptyState>
  );
}

/**
 * An empty list: filtered ('Limpar filtros' and the new item's button) or not yet started (the
 * button only); without `newTo` and `onClear`, the words alone.
 */
export function EmptyList({
  icon,
  title,
  description,
  onClear,
  newTo,
  newLabel,
  'data-testid': testId,
}: {
  icon: Icon;
  title: string;
  description?: string;
  onClear?: () => void;
  newTo?: string;
  newLabel?: string;
  'data-testid': string;
}) {
  const actions = onClear || newTo;
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      compact
      headingOrder={2}
      data-testid={testId}
    >
      {actions && (
        <Group justify="center" gap="sm" mt="md">
          {onClear && (
            <Button variant="light" onClick={onClear}>
              {BACKOFFICE_MESSAGES.clearFilters}
            </Button>
          )}
          {newTo && (
            <Button component={Link} to={newTo} leftSection={<IconPlus size={16} />}>
              {newLabel}
            </Button>
          )}
        </Group>
      )}
    </EmptyState>
  );
}

export interface QueryListProps<P extends { items: unknown[] }> {
  query: UseQueryResult<P>;
  /** The login prompt or 'no permission' for a 401 or 403. */
  refusal: (error: unknown) => ReactNode;
  skeleton: ReactNode;
  errorTitle: string;
  errorTestId: string;
  empty: ReactNode;
  children: (page: P) => ReactNode;
}

/** A list's query drawn: the skeleton, the refusal, the error, the empty state, or the rows. */
export function QueryList<P extends { items: unknown[] }>({
  query,
  refusal,
  skeleton,
  errorTitle,
  errorTestId,
  empty,
  children,
}: QueryListProps<P>) {
  if (query.isPending) return skeleton;
  if (query.isError) {
    if (isAccessRefusal(query.error)) return refusal(query.error);
    return (
      <ListError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        data-testid={errorTestId}
      />
    );
  }
  if (query.data.items.length === 0) return empty;
  return children(query.data);
}

/**
 * One page of rows: '21–40 de 45 …' (announced when it changes), the rows, and the pages; another
 * page keeps the rows in place (busy) while it loads, and starts at the top.
 */
export function PagedRows({
  total,
  page,
  perPage,
  totalText,
  busy,
  onPage,
  'data-testid': totalTestId,
  rowsTestId,
  children,
}: {
  total: number;
  page: number;
  perPage: number;
  totalText: string;
  busy: boolean;
  onPage: (page: number) => void;
  /** The count's test id. */
  'data-testid'?: string;
  /** The whole block's test id. */
  rowsTestId?: string;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  return (
    <div aria-busy={busy || undefined} data-testid={rowsTestId}>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid={totalTestId}>
        {totalText}
      </Text>
      {children}
      <PageControls
        page={page}
        pages={pages}
        onChange={(next) => {
          onPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

/** The thumbnail's width on a list: the smallest stored rendition. */
const THUMB_WIDTH = 320;

/** A row's picture, or a crossed-out one with `emptyLabel` for a screen reader. */
export function Thumb({ url, emptyLabel }: { url: string; emptyLabel: string }) {
  if (!url) {
    return (
      <span className={classes.thumb} data-empty>
        <IconPhotoOff size={20} stroke={1.5} aria-hidden />
        <VisuallyHidden>{emptyLabel}</VisuallyHidden>
      </span>
    );
  }
  return (
    <img
      className={classes.thumb}
      src={imageWidthUrl(url, THUMB_WIDTH)}
      alt=""
      loading="lazy"
      decoding="async"
      width={96}
      height={54}
    />
  );
}

/** A row's title, the link to its editor (on a card, the whole card is the target). */
export function TitleLink({ to, id, children }: { to: string; id?: string; children: ReactNode }) {
  return (
    <Link to={to} id={id} className={classes.titleLink}>
      {children}
    </Link>
  );
}

/** A card's count with its icon: `👁 1.234` read as '1.234 visualizações'. */
export function CardCount({
  icon: IconOf,
  value,
  label,
}: {
  icon: Icon;
  value: ReactNode;
  label: string;
}) {
  return (
    <span className={classes.views}>
      <IconOf size={14} aria-hidden />
      {typeof value === 'number' ? formatCount(value) : value}
      <VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
    </span>
  );
}

/** A list's table (from 992 px): the head's cells, then the rows. */
export function RowsTable({
  head,
  'data-testid': testId,
  children,
}: {
  head: ReactNode;
  'data-testid': string;
  children: ReactNode;
}) {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid={testId}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A list's stacked cards (below 992 px). */
export function RowCards({
  'data-testid': testId,
  children,
}: {
  'data-testid': string;
  children: ReactNode;
}) {
  return (
    <ul className={classes.cards} data-testid={testId}>
      {children}
    </ul>
  );
}

/** One page of rows as the server sends it. */
interface RowsPage<T> {
  items: T[];
  total: number;
  perPage: number;
}

export interface PagedListProps<T> {
  /** The page's query (a fetcher of the desk's `api/`), the rows kept while another page loads. */
  query: UseQueryResult<RowsPage<T>> & { isPlaceholderData?: boolean };
  page: number;
  onPage: (page: number) => void;
  /** How the count names the rows ('21–40 de 45 notícias'). */
  nouns: CountNouns;
  refusal: (error: unknown) => ReactNode;
  skeleton: ReactNode;
  errorTitle: string;
  errorTestId: string;
  empty: ReactNode;
  /** The count's test id, and the block's. */
  totalTestId?: string;
  rowsTestId?: string;
  /** Busy besides another page loading (a row moving). */
  busy?: boolean;
  children: (items: T[], first: { index: number; total: number }) => ReactNode;
}

/** A paged list: {@link QueryList}'s states, then {@link PagedRows} around the desk's rows. */
export function PagedList<T>({
  query,
  page,
  onPage,
  nouns,
  totalTestId,
  rowsTestId,
  busy = false,
  children,
  ...states
}: PagedListProps<T>) {
  return (
    <QueryList<RowsPage<T>> query={query} {...states}>
      {({ items, total, perPage }) => (
        <PagedRows
          total={total}
          page={page}
          perPage={perPage}
          totalText={rangeText(page, perPage, total, nouns)}
          busy={Boolean(query.isPlaceholderData) || busy}
          onPage={onPage}
          data-testid={totalTestId}
          rowsTestId={rowsTestId}
        >
          {children(items, { index: (page - 1) * perPage, total })}
        </PagedRows>
      )}
    </QueryList>
  );
}
