import { useMemo, useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { listQueryOptions, PICKER_PER_PAGE } from '../api/catalogue-api';
import { CAT_MESSAGES } from '../messages';

/** How long typing pauses before the picker asks the server (shorter than a list's search). */
export const PICKER_DEBOUNCE_MS = 250;

export interface ReferenceSelectProps {
  userId: number;
  /** The collection searched (`reference` of the field, or 'songs' for a song list). */
  collection: string;
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  /** The chosen item's id; null for none (a song list's picker always shows none). */
  value: number | null;
  /** The chosen item's title, shown before any search (the item's `labels`). */
  valueLabel: string;
  onChange: (id: number | null, title: string) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A searchable picker of another collection's items: what is typed goes to the server
 * (`GET backoffice/catalogue/{collection}?q=…&perPage=20`), which matches and names items as the
 * list does (a song with its artist), so the choices are not filtered again here.
 */
export function ReferenceSelect({
  userId,
  collection,
  label,
  description,
  required,
  error,
  value,
  valueLabel,
  onChange,
  placeholder,
  'data-testid': testId,
}: ReferenceSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  // Once an item is chosen the box shows its title: that is no search.
  const query = debounced === valueLabel && value !== null ? '' : debounced;
  const choices = useQuery({
    ...listQueryOptions(userId, collection, { q: query, page: 1, perPage: PICKER_PER_PAGE }),
    // Nothing is asked before the dropdown first opens: a stored choice shows its label already.
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const data = useMemo(() => {
    const options = (choices.data?.items ?? []).map((item) => ({
      value: String(item.id),
      label: item.title,
    }));
    // The chosen item stays a choice while another search shows other items.
    if (value !== null && !options.some((option) => option.value === String(value)))
      options.unshift({ value: String(value), label: valueLabel || `#${value}` });
    return options;
  }, [choices.data, value, valueLabel]);

  return (
    <Select
      label={label}
      description={description}
      required={required}
      error={error}
      placeholder={placeholder ?? CAT_MESSAGES.searchToChoose}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        onChange(next === null ? null : Number(next), option?.label ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      filter={({ options }) => options}
      clearable={!required}
      nothingFoundMessage={choices.isFetching ? CAT_MESSAGES.loading : CAT_MESSAGES.nothingFound}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={choices.isFetching ? <Loader size={14} /> : undefined}
      data-testid={testId}
    />
  );
}
