import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconArrowDown, IconArrowUp, IconListSearch } from '@tabler/icons-react';
import {
  EmptyList,
  ListSkeleton,
  PagedList,
  RowCards,
  RowsTable,
  TitleLink as RowLink,
} from '@/features/backoffice/list/ListParts';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { listQueryOptions, useMoveItem, type ListFilters } from '../api/catalogue-api';
import { CatalogueRefusal } from '../CatalogueGate';
import { CAT_MESSAGES, itemEditPath } from '../messages';
import { listedFields } from '../spec-helpers';
import { ValueCell } from './ValueCell';
import shared from '@/features/backoffice/Backoffice.module.css';
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

  return (
    <PagedList
      query={list}
      refusal={(error) => <CatalogueRefusal error={error} />}
      skeleton={
        <ListSkeleton
          label={CAT_MESSAGES.loadingList}
          data-testid="catalogue-loading"
          rowHeight={64}
        />
      }
      errorTitle={CAT_MESSAGES.listError}
      errorTestId="catalogue-list-error"
      empty={
        <EmptyList
          icon={IconListSearch}
          title={CAT_MESSAGES.empty}
          description={filters.q.trim() ? CAT_MESSAGES.emptySearch : undefined}
          data-testid="catalogue-empty"
        />
      }
      page={filters.page}
      onPage={(page) => update({ page })}
      nouns={ITEM_NOUNS}
      totalTestId="catalogue-total"
      busy={move.isPending}
    >
      {(items, first) => (
        <Rows
          collection={collection}
          items={items}
          first={first.index}
          total={first.total}
          move={move}
        />
      )}
    </PagedList>
  );
}

/** One page's rows, with their move buttons in an ordered collection. */
function Rows({
  collection,
  items,
  first,
  total,
  move,
}: {
  collection: CollectionSpec;
  items: CatalogueItem[];
  /** The index of the page's first row in the whole collection. */
  first: number;
  total: number;
  move: ReturnType<typeof useMoveItem>;
}) {
  const wide = useBreakpoint().width >= BREAKPOINT_MD;
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
    <>
      {wide ? (
        <RowsTable
          data-testid="catalogue-table"
          head={
            <>
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
            </>
          }
        >
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
        </RowsTable>
      ) : (
        <RowCards data-testid="catalogue-cards">
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
        </RowCards>
      )}
    </>
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
    <RowLink to={itemEditPath(collection.key, item.id)} id={titleId(item)}>
      {item.title || `#${item.id}`}
    </RowLink>
  );
}
