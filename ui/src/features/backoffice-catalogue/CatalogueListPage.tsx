import { useParams } from '@/lib/router';
import { ListHead, NewButton } from '@/features/backoffice/list/ListParts';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { CatalogueFrame } from './CatalogueFrame';
import { CatalogueGate } from './CatalogueGate';
import { CatalogueList } from './list/CatalogueList';
import { ListSearch } from './list/ListSearch';
import { UnknownCollection } from './list/UnknownCollection';
import { useCatalogueParams } from './list/use-catalogue-params';
import { CAT_MESSAGES, itemNewPath, newItemLabel } from './messages';
import classes from './Catalogue.module.css';

/** /a1catalogo/:key: one collection's items, searched and paged, drawn from its descriptor. */
export function CatalogueListPage() {
  const { key = '' } = useParams();
  return (
    <CatalogueFrame
      collectionKey={key}
      title={(collection) => collection?.label ?? CAT_MESSAGES.title}
    >
      <CatalogueGate>
        {(userId, spec) => {
          const collection = spec.collections.find((candidate) => candidate.key === key);
          return collection ? (
            <Collection key={collection.key} userId={userId} collection={collection} />
          ) : (
            <UnknownCollection />
          );
        }}
      </CatalogueGate>
    </CatalogueFrame>
  );
}

function Collection({ userId, collection }: { userId: number; collection: CollectionSpec }) {
  const { filters, update } = useCatalogueParams();
  return (
    <div data-testid="catalogue-collection">
      <ListHead>
        <div className={classes.search}>
          <ListSearch label={collection.label} filters={filters} update={update} />
        </div>
        {!collection.fixed && (
          <NewButton to={itemNewPath(collection.key)} label={newItemLabel(collection.singular)} />
        )}
      </ListHead>
      <CatalogueList userId={userId} collection={collection} filters={filters} update={update} />
    </div>
  );
}
