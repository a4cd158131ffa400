import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@/lib/router';
import { searchQueryOptions } from '@/features/search/api/search-api';
import searchClasses from '@/features/search/Search.module.css';
import { optionId } from '@/features/search/option-id';
import { SuggestionList } from '@/features/search/SuggestionList';
import { useDebouncedQuery } from '@/features/search/use-debounced-query';
import type { SearchSuggestion } from '@/generated/SearchSuggestion';
import { SEARCH_MAX_SUGGESTIONS, SEARCH_QUERY_MAX_LENGTH } from '@/lib/constants';
import { searchHref } from '@/lib/search';
import { isExternalUrl } from '@/lib/url';
import classes from './SearchForm.module.css';

export interface SearchFormProps {
  /** Called after a search was submitted or a suggestion opened (the modal closes itself). */
  onSubmitted?: () => void;
  autoFocus?: boolean;
  /** 'md' in the header and the search modal, 'lg' on the results page. */
  size?: 'md' | 'lg';
  className?: string;
  id?: string;
}

/**
 * The site search box (doc1 §2 Search): suggests pages while the user types (500 ms after the last
 * keystroke, at most 10, 'Sem sugestões' when none; ArrowUp/ArrowDown move, Enter opens the
 * highlighted one, Escape closes) and submits to /busca?q={text}.
 *
 * The box is a plain input styled like the theme's (SearchForm.module.css), not Mantine's TextInput:
 * it is in the header of every page, and TextInput brought Mantine's whole input family (5 kB
 * gzipped) into every page's first load (initial JavaScript).
 */
export function SearchForm({
  onSubmitted,
  autoFocus,
  size = 'md',
  className,
  id,
}: SearchFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const listId = `${useId()}-suggestions`;
  // On the results page the box shows the current query (state adjusted while rendering).
  const urlQuery =
    location.pathname === '/busca' ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  const [query, setQuery] = useState(urlQuery ?? '');
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  // Suggestions show while the box is being typed in; a submit, a pick, Escape or blur hides them.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (urlQuery !== syncedQuery) {
    setSyncedQuery(urlQuery);
    if (urlQuery !== null) setQuery(urlQuery);
  }

  const debounced = useDebouncedQuery(query);
  const [shownFor, setShownFor] = useState(debounced);
  if (shownFor !== debounced) {
    setShownFor(debounced);
    setActive(-1);
  }
  const suggestions = useQuery({
    ...searchQueryOptions(debounced),
    enabled: open && debounced !== '',
    // While the next query loads, the previous suggestions stay instead of a flicker.
    placeholderData: keepPreviousData,
  });
  const items = suggestions.data?.slice(0, SEARCH_MAX_SUGGESTIONS);
  const listVisible = open && debounced !== '' && (items !== undefined || suggestions.isFetching);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openSuggestion = (suggestion: SearchSuggestion) => {
    close();
    onSubmitted?.();
    if (isExternalUrl(suggestion.link)) {
      window.location.assign(suggestion.link);
    } else {
      navigate(suggestion.link);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = listVisible && active >= 0 ? items?.[active] : undefined;
    if (chosen) {
      openSuggestion(chosen);
      return;
    }
    const text = query.trim();
    if (!text) return;
    close();
    navigate(searchHref(text));
    onSubmitted?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items?.length ?? 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!listVisible) {
        if (query.trim()) setOpen(true);
        return;
      }
      if (count === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box, Down goes to the first and Up to the last; past either end, back to the box.
      setActive((current) => {
        const next = current + step;
        if (current === -1 && step === -1) return count - 1;
        return next < 0 || next >= count ? -1 : next;
      });
    } else if (event.key === 'Escape' && listVisible) {
      event.preventDefault();
      close();
    }
  };

  return (
    <form role="search" action="/busca" onSubmit={submit} className={className}>
      <div className={searchClasses.wrapper}>
        <div className={classes.field} data-size={size}>
          <IconSearch size={18} aria-hidden className={classes.icon} />
          <input
            id={id}
            type="search"
            name="q"
            className={classes.input}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder="Buscar notícias, músicas, artistas…"
            aria-label="Buscar no site"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listVisible}
            aria-controls={listVisible ? listId : undefined}
            aria-activedescendant={
              listVisible && active >= 0 ? optionId(listId, active) : undefined
            }
            autoComplete="off"
            data-autofocus={autoFocus || undefined}
            autoFocus={autoFocus}
          />
          <ActionIcon
            type="submit"
            variant="gradient"
            radius="xl"
            size={size === 'md' ? 30 : 26}
            aria-label="Buscar"
            className={classes.submit}
          >
            <IconArrowRight size={16} aria-hidden />
          </ActionIcon>
        </div>
        {listVisible && (
          <SuggestionList
            id={listId}
            suggestions={items}
            loading={suggestions.isFetching}
            active={active}
            onPick={openSuggestion}
            onHover={setActive}
          />
        )}
      </div>
    </form>
  );
}
