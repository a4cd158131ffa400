import { IconFileOff, IconLock } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import {
  NotFoundState,
  StoredItem as StoredItemLoader,
} from '@/features/backoffice/editor/EditorPage';
import { parseId } from '@/features/backoffice/form';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { messages } from '@/generated/validation-rules';
import { itemQueryOptions } from '../api/catalogue-api';
import { CatalogueFrame } from '../CatalogueFrame';
import { CatalogueGate, CatalogueRefusal } from '../CatalogueGate';
import { UnknownCollection } from '../list/UnknownCollection';
import { CAT_MESSAGES, collectionPath, newItemLabel } from '../messages';
import { CatalogueEditor } from './CatalogueEditor';

/** /a1catalogo/:key/novo and /a1catalogo/:key/:id: the generic editor, new or with the stored item. */
export function CatalogueEditorPage({ isNew = false }: { isNew?: boolean }) {
  const { key = '', id: rawId } = useParams();
  const id = parseId(rawId);

  return (
    <CatalogueFrame
      collectionKey={key}
      withCollectionCrumb
      title={(collection) =>
        collection
          ? isNew
            ? newItemLabel(collection.singular)
            : `${CAT_MESSAGES.edit} ${collection.singular}`
          : CAT_MESSAGES.title
      }
    >
      <CatalogueGate>
        {(userId, spec) => {
          const collection = spec.collections.find((candidate) => candidate.key === key);
          if (!collection) return <UnknownCollection />;
          if (isNew) {
            if (collection.fixed) return <FixedCollection collection={collection} />;
            return (
              <CatalogueEditor key="new" userId={userId} collection={collection} item={null} />
            );
          }
          if (id === null) return <NotFound collection={collection} />;
          return <StoredItem key={id} userId={userId} collection={collection} id={id} />;
        }}
      </CatalogueGate>
    </CatalogueFrame>
  );
}

function StoredItem({
  userId,
  collection,
  id,
}: {
  userId: number;
  collection: CollectionSpec;
  id: number;
}) {
  return (
    <StoredItemLoader
      options={itemQueryOptions(userId, collection.key, id)}
      refusal={(error) => <CatalogueRefusal error={error} />}
      notFound={<NotFound collection={collection} />}
      errorTitle={CAT_MESSAGES.itemError}
      errorTestId="item-error"
      loadingLabel={CAT_MESSAGES.loading}
    >
      {(item) => <CatalogueEditor userId={userId} collection={collection} item={item} />}
    </StoredItemLoader>
  );
}

function NotFound({ collection }: { collection: CollectionSpec }) {
  return (
    <NotFoundState
      icon={IconFileOff}
      title={CAT_MESSAGES.itemNotFound}
      backLabel={CAT_MESSAGES.backToList}
      backTo={collectionPath(collection.key)}
      data-testid="item-not-found"
    />
  );
}

/** /novo of a fixed collection (the legal texts): edited, never created. */
function FixedCollection({ collection }: { collection: CollectionSpec }) {
  return (
    <EmptyState
      icon={IconLock}
      title={messages.CATALOGUE_FIXED}
      links={[{ label: CAT_MESSAGES.backToList, to: collectionPath(collection.key) }]}
      data-testid="fixed-collection"
    />
  );
}
