import { ActionIcon, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconListSearch } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { rangeText } from '@/features/newsroom/format';

import { PageControls } from '@/features/people/PageControls';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import {
  isAccessRefusal,
  listQueryOptions,
  useMoveItem,
  type ListFilters,
} from '../api/catalogue-api';
import { CatalogueRefusal } from '../CatalogueGate';
import { CAT_MESSAGES, itemEditPath } from '../messages';
import { listedFields } from '../spec-helpers';
import { ValueCell } from './ValueCell';
import shared from '@/features/newsroom/Newsroom.module.css';
import classes from '../Catalogue.module.css';

/** The collections' names do not all have a plural ('Programação'): the count says 'itens'. */
const ITEM_NOUNS = { none: 'Nenhum item', one: 'item', many: 'itens' };

export interface CatalogueListProps {
  userId: number;
  collection: CollectionSpec;
  filters: ListFilters;
  update: (patch: Partial<ListFilters>) => void;
}

/**
 * One page of a collection, in its order: a table from 992 px, stacked cards below (nothing scrolls
 * sideways down to 320 px). Ordered collections get up/down buttons on each row.
 */
export function CatalogueList({ userId, collection, filters, update }: CatalogueListProps) {
  const list = useQuery({
    ...listQueryOptions(userId, collection.key, filters),
    placeholderData: keepPreviousData,
  });
  const move = useMoveItem(userId, collection.key);
  const wide = useBreakpoint().width >= BREAKPOINT_MD;

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    if (isAccessRefusal(list.error)) return <CatalogueRefusal error={list.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={CAT_MESSAGES.listError}
        description={list.error.message}
        compact
        headingOrder={2}
        data-testid="catalogue-list-error"
      >
        <Button mt="md" variant="light" onClick={() => void list.refetch()}>
          {CAT_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }

  const { items, total, perPage } = list.data;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconListSearch}
        title={CAT_MESSAGES.empty}
        description={filters.q.trim() ? CAT_MESSAGES.emptySearch : undefined}
        compact
        headingOrder={2}
        data-testid="catalogue-empty"
      />
    );
  }

  const first = (filters.page - 1) * perPage;
  const onMove = (item: CatalogueItem, by: -1 | 1) =>
    move.mutate({ id: item.id, by }, { onError: () => toast.error(CAT_MESSAGES.moveError) });
  const mover = collection.ordered
    ? (item: CatalogueItem, index: number) => (
        <Group gap={4} wrap="nowrap" className={classes.mover}>
          <ActionIcon
            variant="default"
            aria-label={CAT_MESSAGES.moveUp}
            title={`${CAT_MESSAGES.moveUp}: ${item.title}`}
            aria-describedby={titleId(item)}
            disabled={first + index === 0 || move.isPending}
            onClick={() => onMove(item, -1)}
            data-testid={`move-up-${item.id}`}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={CAT_MESSAGES.moveDown}
            title={`${CAT_MESSAGES.moveDown}: ${item.title}`}
            aria-describedby={titleId(item)}
            disabled={first + index >= total - 1 || move.isPending}
            onClick={() => onMove(item, 1)}
            data-testid={`move-down-${item.id}`}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )
    : null;

  const columns = listedFields(collection);
  return (
    <div aria-busy={list.isPlaceholderData || move.isPending || undefined}>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="catalogue-total">
        {rangeText(filters.page, perPage, total, ITEM_NOUNS)}
      </Text>
      {wide ? (
        <div className={shared.tableWrap}>
          <table className={shared.table} data-testid="catalogue-table">
            <thead>
              <tr>
                {mover && (
                  <th scope="col">
                    <VisuallyHidden>{CAT_MESSAGES.order}</VisuallyHidden>
                  </th>
                )}
                <th scope="col">{titleLabel(collection)}</th>
                {columns.map((field) => (
                  <th key={field.key} scope="col">
                    {field.kind === 'image' ? (
                      <VisuallyHidden>{field.label}</VisuallyHidden>
                    ) : (
                      field.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={item.id} data-testid={`row-${item.id}`}>
                  {mover && <td className={classes.moverCell}>{mover(item, index)}</td>}
                  <td className={shared.titleCell}>
                    <TitleLink collection={collection} item={item} />
                  </td>
                  {columns.map((field) => (
                    <td
                      key={field.key}
                      className={field.kind === 'image' ? shared.thumbCell : undefined}
                    >
                      <ValueCell field={field} item={item} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className={shared.cards} data-testid="catalogue-cards">
          {items.map((item, index) => {
            const picture = columns.find((field) => field.kind === 'image');
            return (
              <li key={item.id} className={shared.card} data-testid={`row-${item.id}`}>
                {picture && <ValueCell field={picture} item={item} />}
                <div className={shared.cardBody}>
                  <TitleLink collection={collection} item={item} />
                  <dl className={classes.cardFields}>
                    {columns
                      .filter((field) => field !== picture)
                      .map((field) => (
                        <div key={field.key} className={classes.cardField}>
                          <dt>{field.label}</dt>
                          <dd>
                            <ValueCell field={field} item={item} />
                          </dd>
                        </div>
                      ))}
                  </dl>
                </div>
                {/* Above the card's stretched link, so the buttons get the taps. */}
                {mover && <div className={classes.cardMover}>{mover(item, index)}</div>}
              </li>
            );
          })}
        </ul>
      )}
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

function titleLabel(collection: CollectionSpec): string {
  return (
    collection.fields.find((field) => field.key === collection.titleField)?.label ??
    CAT_MESSAGES.name
  );
}

/** The row's title, which its move buttons name as their description ('Mover para cima' · which). */
const titleId = (item: CatalogueItem) => `catalogue-title-${item.id}`;

function TitleLink({ collection, item }: { collection: CollectionSpec; item: CatalogueItem }) {
  return (
    <Link
      to={itemEditPath(collection.key, item.id)}
      id={titleId(item)}
      className={shared.titleLink}
    >
      {item.title || `#${item.id}`}
    </Link>
  );
}

function ListSkeleton() {
  return (
    <Stack
      gap={8}
      aria-busy="true"
      aria-label={CAT_MESSAGES.loadingList}
      data-testid="catalogue-loading"
    >
      <Skeleton height={14} width={160} radius="sm" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={64} radius="md" />
      ))}
    </Stack>
  );
}
