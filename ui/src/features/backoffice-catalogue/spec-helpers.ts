/**
 * What the desk reads from the caller's spec (the collections' descriptors), apart from the
 * components so that each file keeps to components (fast refresh).
 */
import { useQuery } from '@tanstack/react-query';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import type { FieldSpec } from '@/generated/FieldSpec';
import { useSession } from '@/lib/session';
import { specQueryOptions } from './api/catalogue-api';
import { CATALOGUE_PERMISSION, GROUP_ORDER, WEEKDAYS } from './messages';

/**
 * The collection `key` of the caller's spec, once the gate has it (the same cached query: no call of
 * its own, and none without a session).
 */
export function useCollection(key: string | undefined): CollectionSpec | undefined {
  const session = useSession();
  const spec = useQuery({
    ...specQueryOptions(session?.user.userId ?? 0),
    enabled: session !== null && Boolean(key),
  });
  return spec.data?.collections.find((collection) => collection.key === key);
}

/**
 * The station's parameters are permission 7's: a caller with one of its collections holds it (the
 * server sends a collection only to those who may edit it). The server checks again.
 */
export function canEditSettings(spec: CatalogueSpec): boolean {
  return spec.collections.some((collection) => collection.permission === CATALOGUE_PERMISSION);
}

/** The caller's collections by group, in the menu's order (the server's order within a group). */
export function groupCollections(
  spec: CatalogueSpec,
): { group: string; items: CollectionSpec[] }[] {
  const groups = new Map<string, CollectionSpec[]>();
  for (const collection of spec.collections) {
    const items = groups.get(collection.group) ?? [];
    items.push(collection);
    groups.set(collection.group, items);
  }
  const rank = (group: string) => {
    const index = GROUP_ORDER.indexOf(group);
    return index < 0 ? GROUP_ORDER.length : index;
  };
  return [...groups.entries()]
    .map(([group, items]) => ({ group, items }))
    .sort((a, b) => rank(a.group) - rank(b.group));
}

/** The columns besides the title: the fields the server marks `listed`, the title's own left out. */
export function listedFields(collection: CollectionSpec): FieldSpec[] {
  return collection.fields.filter((field) => field.listed && field.key !== collection.titleField);
}

/** '1,3,5' → 'Seg, Qua, Sex'. */
export function weekdaysText(value: string): string {
  return value
    .split(',')
    .map((day) => WEEKDAYS.find((weekday) => weekday.value === day.trim())?.label)
    .filter(Boolean)
    .join(', ');
}
