import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { journalistsQueryOptions } from '@/features/journalists/api/get-journalists';
import type { NewsState } from '@/generated/NewsState';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_SM, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { useNewsCategories } from '@/lib/news-categories';
import type { NewsroomFilters } from '../api/newsroom-api';
import { NEWSROOM_MESSAGES, STATE_LABELS } from '../messages';
import { hasFilters, NEWS_STATES } from './use-list-params';
import classes from '../Newsroom.module.css';

export interface ListFiltersProps {
  filters: NewsroomFilters;
  update: (patch: Partial<NewsroomFilters>, options?: { replace?: boolean }) => void;
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

  const [text, setText] = useState(filters.q);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The last search this box put in the address: a different one came from outside (back button,
  // 'Limpar filtros') and replaces what the box shows.
  const pushed = useRef(filters.q);
  useEffect(() => {
    if (filters.q !== pushed.current) {
      pushed.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    if (debounced.trim() === pushed.current.trim()) return;
    pushed.current = debounced;
    update({ q: debounced }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the typing pauses only
  }, [debounced]);

  const submit = () => {
    if (text.trim() === pushed.current.trim()) return;
    pushed.current = text;
    update({ q: text });
  };

  const journalistOptions = (journalists.data ?? [])
    .map((journalist) => ({ value: String(journalist.id), label: journalist.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

  return (
    <form
      role="search"
      className={classes.filters}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextInput
        className={classes.searchBox}
        label={NEWSROOM_MESSAGES.search}
        placeholder={NEWSROOM_MESSAGES.searchPlaceholder}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label="Limpar busca"
              onClick={() => {
                setText('');
                pushed.current = '';
                update({ q: '' });
              }}
            />
          ) : undefined
        }
        data-testid="newsroom-search"
      />
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
      {hasFilters(filters) && (
        <Button
          className={classes.clearFilters}
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => {
            setText('');
            pushed.current = '';
            clear();
          }}
        >
          {NEWSROOM_MESSAGES.clearFilters}
        </Button>
      )}
    </form>
  );
}
