import { useState } from 'react';
import { Button, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { SearchForm } from '@/features/backoffice/list/SearchForm';
import type { UpdateFilters } from '@/features/backoffice/list/use-url-filters';
import { journalistsQueryOptions } from '@/features/journalists/api/get-journalists';
import type { NewsState } from '@/generated/NewsState';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_SM } from '@/lib/constants';
import { useNewsCategories } from '@/lib/news-categories';
import type { NewsroomFilters } from '../api/newsroom-api';
import { NEWSROOM_MESSAGES, STATE_LABELS } from '../messages';
import { hasFilters, NEWS_STATES } from './use-list-params';
import classes from '../Newsroom.module.css';

export interface ListFiltersProps {
  filters: NewsroomFilters;
  update: UpdateFilters<NewsroomFilters>;
  clear: () => void;
}

const STATE_OPTIONS = NEWS_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }));

/**
 * Search box and the three filters. The search goes to the address (and the server) when typing
 * pauses, the same pause as the site's search box; Enter sends it at once. On a phone the filters
 * fold behind a 'Filtros' button, so the list starts on the first screen.
 */
export function ListFilters({ filters, update, clear }: ListFiltersProps) {
  const categories = useNewsCategories();
  const journalists = useQuery(journalistsQueryOptions());
  const narrow = useBreakpoint().width < BREAKPOINT_SM;
  const active = [filters.categoryId, filters.state, filters.journalistId].filter(
    (value) => value !== null,
  ).length;
  const [unfolded, setUnfolded] = useState(active > 0);
  const showFilters = !narrow || unfolded;

  const journalistOptions = (journalists.data ?? [])
    .map((journalist) => ({ value: String(journalist.id), label: journalist.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

  return (
    <SearchForm
      filters={filters}
      update={update}
      label={NEWSROOM_MESSAGES.search}
      placeholder={NEWSROOM_MESSAGES.searchPlaceholder}
      data-testid="newsroom-search"
      clear={{ shown: hasFilters(filters), onClear: clear }}
      className={classes.filters}
      inputClassName={classes.searchBox}
    >
      {narrow && (
        <Button
          className={classes.filtersToggle}
          variant="default"
          size="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={unfolded}
          aria-controls="newsroom-filters"
          onClick={() => setUnfolded((value) => !value)}
        >
          {active > 0 ? `Filtros (${active})` : 'Filtros'}
        </Button>
      )}
      {showFilters && (
        <div id="newsroom-filters" className={classes.filterFields}>
          <Select
            label={NEWSROOM_MESSAGES.category}
            placeholder={NEWSROOM_MESSAGES.allCategories}
            data={categories.map((category) => ({
              value: String(category.id),
              label: category.name,
            }))}
            value={filters.categoryId === null ? null : String(filters.categoryId)}
            onChange={(value) => update({ categoryId: value ? Number(value) : null })}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: true }}
            data-testid="newsroom-filter-category"
          />
          <Select
            label={NEWSROOM_MESSAGES.state}
            placeholder={NEWSROOM_MESSAGES.allStates}
            data={STATE_OPTIONS}
            value={filters.state}
            onChange={(value) => update({ state: (value as NewsState | null) ?? null })}
            clearable
            allowDeselect
            data-testid="newsroom-filter-state"
          />
          <Select
            label={NEWSROOM_MESSAGES.journalist}
            placeholder={NEWSROOM_MESSAGES.allJournalists}
            data={journalistOptions}
            value={filters.journalistId === null ? null : String(filters.journalistId)}
            onChange={(value) => update({ journalistId: value ? Number(value) : null })}
            clearable
            searchable
            allowDeselect
            nothingFoundMessage="Nenhum jornalista"
            data-testid="newsroom-filter-journalist"
          />
        </div>
      )}
    </SearchForm>
  );
}
