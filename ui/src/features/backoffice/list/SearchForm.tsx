import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { BACKOFFICE_MESSAGES } from '../messages';
import { ClearFiltersButton } from './ListParts';
import type { UpdateFilters } from './use-url-filters';

export interface SearchFormProps {
  filters: { q: string };
  update: UpdateFilters<{ q: string }>;
  label: string;
  placeholder: string;
  'data-testid': string;
  className?: string;
  inputClassName?: string;
  /** The desk's filters after the box. */
  children?: ReactNode;
  /** 'Limpar filtros' after them, shown while the list is narrowed: empties the box and `clear`s. */
  clear?: { shown: boolean; onClear: () => void };
}

/**
 * A list's search form: the search goes to the address (and the server) when typing pauses, the
 * same pause as the site's search box, replacing the entry so the back button is not full of half
 * words; Enter sends it at once. The desk's own filters sit in the same form.
 */
export function SearchForm({
  filters,
  update,
  label,
  placeholder,
  'data-testid': testId,
  className,
  inputClassName,
  children,
  clear,
}: SearchFormProps) {
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

  const reset = () => {
    setText('');
    pushed.current = '';
  };

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === pushed.current.trim()) return;
        pushed.current = text;
        update({ q: text });
      }}
    >
      <TextInput
        className={inputClassName}
        label={label}
        placeholder={placeholder}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={BACKOFFICE_MESSAGES.clearSearch}
              onClick={() => {
                reset();
                update({ q: '' });
              }}
            />
          ) : undefined
        }
        data-testid={testId}
      />
      {children}
      {clear?.shown && (
        <ClearFiltersButton
          onClick={() => {
            reset();
            clear.onClear();
          }}
        />
      )}
    </form>
  );
}
