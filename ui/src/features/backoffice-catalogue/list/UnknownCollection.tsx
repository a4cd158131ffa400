import { IconListSearch } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { CAT_MESSAGES, CATALOGUE_PATH } from '../messages';

/** A key the caller's spec does not hold: mistyped, or a collection of another permission. */
export function UnknownCollection() {
  return (
    <EmptyState
      icon={IconListSearch}
      title={CAT_MESSAGES.unknownCollection}
      links={[{ label: CAT_MESSAGES.backToCatalogue, to: CATALOGUE_PATH }]}
      data-testid="unknown-collection"
    />
  );
}
