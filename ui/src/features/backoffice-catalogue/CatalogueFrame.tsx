import type { ReactNode } from 'react';
import { PageFrame, type Crumb } from '@/components/PageFrame/PageFrame';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { CAT_MESSAGES, CATALOGUE_PATH, collectionPath } from './messages';
import { useCollection } from './spec-helpers';

/**
 * The desk's page frame: the trail 'Catálogo' › collection, and a title naming the collection once
 * the spec has arrived (the plain desk's name before).
 */
export function CatalogueFrame({
  collectionKey,
  isHome = false,
  title,
  withCollectionCrumb = false,
  description,
  children,
}: {
  collectionKey?: string;
  /** The desk's home: no 'Catálogo' crumb before its own title. */
  isHome?: boolean;
  /** The document title and heading, from the collection when there is one. */
  title: (collection: CollectionSpec | undefined) => string;
  /** The collection's list in the trail (the editor's pages). */
  withCollectionCrumb?: boolean;
  description?: ReactNode;
  children: ReactNode;
}) {
  const collection = useCollection(collectionKey);
  const crumbs: Crumb[] = isHome ? [] : [{ label: CAT_MESSAGES.title, to: CATALOGUE_PATH }];
  if (withCollectionCrumb && collectionKey)
    crumbs.push({ label: collection?.label ?? collectionKey, to: collectionPath(collectionKey) });
  return (
    <PageFrame title={title(collection)} breadcrumbs={crumbs} description={description} noindex>
      {children}
    </PageFrame>
  );
}
