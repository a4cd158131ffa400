import { Select } from '@mantine/core';
import { SearchForm } from '@/features/backoffice/list/SearchForm';
import type { UpdateFilters } from '@/features/backoffice/list/use-url-filters';
import type { CampaignStatus } from '@/generated/CampaignStatus';
import type { PromotionFilters as Filters } from '../api/promotions-api';
import { CAMPAIGN_STATUSES, PROMO_MESSAGES, STATUS_LABELS } from '../messages';
import { hasFilters } from './use-promotion-params';
import classes from '../Promotions.module.css';

export interface PromotionFiltersProps {
  filters: Filters;
  update: UpdateFilters<Filters>;
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
  return (
    <SearchForm
      filters={filters}
      update={update}
      label={PROMO_MESSAGES.search}
      placeholder={PROMO_MESSAGES.searchPlaceholder}
      data-testid="promotions-search"
      clear={{ shown: hasFilters(filters), onClear: clear }}
      className={classes.filters}
    >
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
    </SearchForm>
  );
}
