import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconMapOff } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { huntQueryOptions, isAccessRefusal } from '../api/promotions-api';
import { parseId } from '../editor/editor-helpers';
import { EditorSkeleton } from '../editor/EditorSkeleton';
import { HUNTS_PATH, PROMO_MESSAGES, PROMOTIONS_PATH } from '../messages';
import { PromotionsGate, PromotionsRefusal } from '../PromotionsGate';
import { HuntEditor } from './HuntEditor';

const CRUMBS = [
  { label: PROMO_MESSAGES.title, to: PROMOTIONS_PATH },
  { label: PROMO_MESSAGES.tabHunts, to: HUNTS_PATH },
];

/** /a1promocoes/cacas/nova and /a1promocoes/cacas/:id: the hunt editor, new or stored. */
export function HuntEditorPage() {
  const { id: rawId } = useParams();
  const isNew = rawId === undefined;
  const id = parseId(rawId);
  const title = isNew ? PROMO_MESSAGES.newHunt : PROMO_MESSAGES.editHunt;

  return (
    <PageFrame title={title} breadcrumbs={CRUMBS} noindex>
      <PromotionsGate>
        {(userId) =>
          isNew ? (
            <HuntEditor key="new" userId={userId} draft={null} />
          ) : id === null ? (
            <NotFound />
          ) : (
            <StoredHunt key={id} userId={userId} id={id} />
          )
        }
      </PromotionsGate>
    </PageFrame>
  );
}

function StoredHunt({ userId, id }: { userId: number; id: number }) {
  const item = useQuery(huntQueryOptions(userId, id));
  // Bumped by 'Recarregar': a fresh editor on the fresh copy.
  const [reloads, setReloads] = useState(0);

  if (item.isError) {
    if (isAccessRefusal(item.error)) return <PromotionsRefusal error={item.error} />;
    if (item.error instanceof ApiError && item.error.code === 404) return <NotFound />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.huntError}
        description={item.error.message}
        data-testid="hunt-error"
      >
        <Button mt="md" variant="light" onClick={() => void item.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (!item.data) return <EditorSkeleton />;
  return (
    <HuntEditor
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
      icon={IconMapOff}
      title={PROMO_MESSAGES.huntNotFound}
      links={[{ label: PROMO_MESSAGES.backToList, to: HUNTS_PATH }]}
      data-testid="hunt-not-found"
    />
  );
}
