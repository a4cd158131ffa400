import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { CampaignStatus } from '@/generated/CampaignStatus';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import type { PromotionFilters as Filters } from '../api/promotions-api';
import { CAMPAIGN_STATUSES, PROMO_MESSAGES, STATUS_LABELS } from '../messages';
import { hasFilters } from './use-promotion-params';
import classes from '../Promotions.module.css';

export interface PromotionFiltersProps {
  filters: Filters;
  update: (patch: Partial<Filters>, options?: { replace?: boolean }) => void;
  clear: () => void;
}

const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/**
 * The title search and the status filter. As in the newsroom, the search goes to the address when
 * typing pauses and at once on Enter. Two fields only, so they stay unfolded on a phone.
 */
export function PromotionFilters({ filters, update, clear }: PromotionFiltersProps) {
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
        label={PROMO_MESSAGES.search}
        placeholder={PROMO_MESSAGES.searchPlaceholder}
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
        data-testid="promotions-search"
      />
      <Select
        label={PROMO_MESSAGES.status}
        placeholder={PROMO_MESSAGES.allStatuses}
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => update({ status: (value as CampaignStatus | null) ?? null })}
        clearable
        allowDeselect
        data-testid="promotions-filter-status"
      />
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
          {PROMO_MESSAGES.clearFilters}
        </Button>
      )}
    </form>
  );
}
