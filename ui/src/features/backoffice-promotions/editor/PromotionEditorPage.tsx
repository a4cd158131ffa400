import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconGiftOff } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { isAccessRefusal, promotionQueryOptions } from '../api/promotions-api';
import { PROMO_MESSAGES, PROMOTIONS_PATH } from '../messages';
import { PromotionsGate, PromotionsRefusal } from '../PromotionsGate';
import { parseId } from './editor-helpers';
import { EditorSkeleton } from './EditorSkeleton';
import { PromotionEditor } from './PromotionEditor';

const CRUMBS = [{ label: PROMO_MESSAGES.title, to: PROMOTIONS_PATH }];

/** /a1promocoes/nova and /a1promocoes/:id: the promotion editor, new or with the stored one. */
export function PromotionEditorPage() {
  const { id: rawId } = useParams();
  const isNew = rawId === undefined;
  const id = parseId(rawId);
  const title = isNew ? PROMO_MESSAGES.newPromotion : PROMO_MESSAGES.editPromotion;

  return (
    <PageFrame title={title} breadcrumbs={CRUMBS} noindex>
      <PromotionsGate>
        {(userId) =>
          isNew ? (
            <PromotionEditor key="new" userId={userId} draft={null} />
          ) : id === null ? (
            <NotFound />
          ) : (
            <StoredPromotion key={id} userId={userId} id={id} />
          )
        }
      </PromotionsGate>
    </PageFrame>
  );
}

function StoredPromotion({ userId, id }: { userId: number; id: number }) {
  const item = useQuery(promotionQueryOptions(userId, id));
  // Bumped by 'Recarregar': a fresh editor on the fresh copy.
  const [reloads, setReloads] = useState(0);

  if (item.isError) {
    if (isAccessRefusal(item.error)) return <PromotionsRefusal error={item.error} />;
    if (item.error instanceof ApiError && item.error.code === 404) return <NotFound />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.promotionError}
        description={item.error.message}
        data-testid="promotion-error"
      >
        <Button mt="md" variant="light" onClick={() => void item.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (!item.data) return <EditorSkeleton />;
  return (
    <PromotionEditor
      key={`${id}-${reloads}`}
      userId={userId}
      draft={item.data}
      onReload={() => {
        void item.refetch().then(() => setReloads((count) => count + 1));
      }}
    />
  );
}

function NotFound() {
  return (
    <EmptyState
      icon={IconGiftOff}
      title={PROMO_MESSAGES.promotionNotFound}
      links={[{ label: PROMO_MESSAGES.backToList, to: PROMOTIONS_PATH }]}
      data-testid="promotion-not-found"
    />
  );
}
