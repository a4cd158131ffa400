import { SearchForm } from '@/features/backoffice/list/SearchForm';
import type { UpdateFilters } from '@/features/backoffice/list/use-url-filters';
import type { ListFilters } from '../api/catalogue-api';
import { CAT_MESSAGES } from '../messages';

export interface ListSearchProps {
  /** The collection's plural, in the box's label ('Buscar artistas'). */
  label: string;
  filters: ListFilters;
  update: UpdateFilters<ListFilters>;
}

/** The list's search box (the back office's search form, with no other filter). */
export function ListSearch({ label, filters, update }: ListSearchProps) {
  return (
    <SearchForm
      filters={filters}
      update={update}
      label={`${CAT_MESSAGES.search} ${label.toLowerCase()}`}
      placeholder={CAT_MESSAGES.searchPlaceholder}
      data-testid="catalogue-search"
    />
  );
}
