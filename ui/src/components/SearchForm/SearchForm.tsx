import { useState, type FormEvent } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/constants';
import { searchHref } from '@/lib/search';
import classes from './SearchForm.module.css';

export interface SearchFormProps {
  /** Called after a search was submitted (the modal closes itself). */
  onSubmitted?: () => void;
  autoFocus?: boolean;
  size?: TextInputProps['size'];
  className?: string;
  id?: string;
}

/**
 * The site search box: submits to /busca?q={text}. The suggestion dropdown (debounced third-party
 * suggestions, doc1 §2 Search) is added here by the search issue.
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
  // On the results page the box shows the current query (state adjusted while rendering).
  const urlQuery =
    location.pathname === '/busca' ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  const [query, setQuery] = useState(urlQuery ?? '');
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  if (urlQuery !== syncedQuery) {
    setSyncedQuery(urlQuery);
    if (urlQuery !== null) setQuery(urlQuery);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    navigate(searchHref(text));
    onSubmitted?.();
  };

  return (
    <form role="search" action="/busca" onSubmit={submit} className={className}>
      <TextInput
        id={id}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Buscar notícias, músicas, artistas…"
        aria-label="Buscar no site"
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        radius="xl"
        size={size}
        leftSection={<IconSearch size={18} aria-hidden />}
        classNames={{ input: classes.searchInput }}
        rightSection={
          <ActionIcon
            type="submit"
            variant="gradient"
            radius="xl"
            size={size === 'md' ? 30 : 26}
            aria-label="Buscar"
          >
            <IconArrowRight size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
