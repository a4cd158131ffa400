import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import type { ListFilters } from '../api/catalogue-api';
import { CAT_MESSAGES } from '../messages';

export interface ListSearchProps {
  /** The collection's plural, in the box's label ('Buscar artistas'). */
  label: string;
  filters: ListFilters;
  update: (patch: Partial<ListFilters>, options?: { replace?: boolean }) => void;
}

/**
 * The list's search box, the promotions' behaviour: the search goes to the address when typing
 * pauses (replacing the entry, so the back button is not full of half words) and at once on Enter.
 */
export function ListSearch({ label, filters, update }: ListSearchProps) {
  const [text, setText] = useState(filters.q);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The last search this box put in the address: a different one came from outside (back button).
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

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === pushed.current.trim()) return;
        pushed.current = text;
        update({ q: text });
      }}
    >
      <TextInput
        label={`${CAT_MESSAGES.search} ${label.toLowerCase()}`}
        placeholder={CAT_MESSAGES.searchPlaceholder}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={CAT_MESSAGES.clearSearch}
              onClick={() => {
                setText('');
                pushed.current = '';
                update({ q: '' });
              }}
            />
          ) : undefined
        }
        data-testid="catalogue-search"
      />
    </form>
  );
}
