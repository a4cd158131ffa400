import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconFileOff, IconLock } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { EditorSkeleton } from '@/features/backoffice-promotions/editor/EditorSkeleton';
import { parseId } from '@/features/backoffice-promotions/editor/editor-helpers';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { isAccessRefusal, itemQueryOptions } from '../api/catalogue-api';
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
  const item = useQuery(itemQueryOptions(userId, collection.key, id));
  if (item.isError) {
    if (isAccessRefusal(item.error)) return <CatalogueRefusal error={item.error} />;
    if (item.error instanceof ApiError && item.error.code === 404)
      return <NotFound collection={collection} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={CAT_MESSAGES.itemError}
        description={item.error.message}
        data-testid="item-error"
      >
        <Button mt="md" variant="light" onClick={() => void item.refetch()}>
          {CAT_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (!item.data) return <EditorSkeleton />;
  return <CatalogueEditor userId={userId} collection={collection} item={item.data} />;
}

function NotFound({ collection }: { collection: CollectionSpec }) {
  return (
    <EmptyState
      icon={IconFileOff}
      title={CAT_MESSAGES.itemNotFound}
      links={[{ label: CAT_MESSAGES.backToList, to: collectionPath(collection.key) }]}
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
