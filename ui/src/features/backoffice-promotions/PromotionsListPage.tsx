import { Tabs } from '@mantine/core';
import { IconGift, IconMap2 } from '@tabler/icons-react';
import { useSearchParams } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ListHead, NewButton } from '@/features/backoffice/list/ListParts';
import { HuntsList } from './list/HuntsList';
import { PromotionFilters } from './list/PromotionFilters';
import { PromotionList } from './list/PromotionList';
import { usePromotionParams } from './list/use-promotion-params';
import { HUNTS_TAB, PROMO_MESSAGES, PROMOTION_NEW_PATH } from './messages';
import { PromotionsGate } from './PromotionsGate';

/**
 * /a1promocoes, staff with permission 6: the promotions (search, status filter, pages)
 * and, in a second tab (`?aba=cacas`, like /a1pessoas' tabs), the treasure hunts.
 */
export function PromotionsListPage() {
  return (
    <PageFrame title={PROMO_MESSAGES.title} description={PROMO_MESSAGES.description} noindex>
      <PromotionsGate>{(userId) => <Desk userId={userId} />}</PromotionsGate>
    </PageFrame>
  );
}

function Desk({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === HUNTS_TAB ? 'hunts' : 'promotions';
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(value === 'hunts' ? { aba: HUNTS_TAB } : {}, { replace: true })
      }
      keepMounted={false}
      data-testid="promotions-desk"
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="promotions" leftSection={<IconGift size={16} aria-hidden />}>
          {PROMO_MESSAGES.tabPromotions}
        </Tabs.Tab>
        <Tabs.Tab value="hunts" leftSection={<IconMap2 size={16} aria-hidden />}>
          {PROMO_MESSAGES.tabHunts}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="promotions">
        <Promotions userId={userId} />
      </Tabs.Panel>
      <Tabs.Panel value="hunts">
        <HuntsList userId={userId} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Promotions({ userId }: { userId: number }) {
  const { filters, update, clear } = usePromotionParams();
  return (
    <div data-testid="promotions">
      <ListHead>
        <PromotionFilters filters={filters} update={update} clear={clear} />
        <NewButton to={PROMOTION_NEW_PATH} label={PROMO_MESSAGES.newPromotion} />
      </ListHead>
      <PromotionList userId={userId} filters={filters} update={update} clear={clear} />
    </div>
  );
}
