import { Loader, Text, UnstyledButton } from '@mantine/core';
import type { SearchSuggestion } from '@/generated/SearchSuggestion';
import { optionId } from './option-id';
import classes from './Search.module.css';

/** The texts of the dropdown (doc1 §8, shell.29). */
export const NO_SUGGESTIONS = 'Sem sugestões';

export interface SuggestionListProps {
  id: string;
  suggestions: SearchSuggestion[] | undefined;
  loading: boolean;
  /** Index of the highlighted suggestion, -1 for none. */
  active: number;
  onPick: (suggestion: SearchSuggestion) => void;
  onHover: (index: number) => void;
}

/**
 * The suggestion dropdown under the search box: a listbox whose options the box drives with the
 * arrow keys (aria-activedescendant), clicked with the mouse, or 'Sem sugestões' (SE-03).
 */
export function SuggestionList({
  id,
  suggestions,
  loading,
  active,
  onPick,
  onHover,
}: SuggestionListProps) {
  if (!suggestions) {
    return loading ? (
      <div className={classes.dropdown} data-testid="search-suggestions-loading">
        <Loader size="xs" aria-label="Carregando sugestões" />
      </div>
    ) : null;
  }
  return (
    <ul id={id} role="listbox" aria-label="Sugestões de busca" className={classes.dropdown}>
      {suggestions.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled className={classes.empty}>
          {NO_SUGGESTIONS}
        </li>
      ) : (
        suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.link}-${index}`}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === active}
            className={classes.option}
            data-active={index === active || undefined}
          >
            <UnstyledButton
              tabIndex={-1}
              className={classes.optionButton}
              // Keeps the focus in the box, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(suggestion)}
            >
              <Text component="span" size="sm" lineClamp={2}>
                {suggestion.title}
              </Text>
            </UnstyledButton>
          </li>
        ))
      )}
    </ul>
  );
}
