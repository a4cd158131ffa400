import { useState } from 'react';
import { Button, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconNewsOff } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { isAccessRefusal, newsroomItemQueryOptions } from './api/newsroom-api';
import { NewsEditor } from './editor/NewsEditor';
import { NEWSROOM_MESSAGES, NEWSROOM_PATH } from './messages';
import { NewsroomGate, NewsroomRefusal } from './NewsroomGate';
import classes from './Newsroom.module.css';

const CRUMBS = [{ label: NEWSROOM_MESSAGES.title, to: NEWSROOM_PATH }];

/** A route id: a positive integer, else null (the not-found state). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** /a1redacao/nova and /a1redacao/:id: the editor, new or with the stored item. */
export function NewsEditorPage() {
  const { id: rawId } = useParams();
  const isNew = rawId === undefined;
  const id = parseId(rawId);
  const title = isNew ? NEWSROOM_MESSAGES.newItem : NEWSROOM_MESSAGES.editTitle;

  return (
    <PageFrame title={title} breadcrumbs={CRUMBS} noindex>
      <NewsroomGate>
        {(userId) =>
          isNew ? (
            <NewsEditor key="new" userId={userId} draft={null} />
          ) : id === null ? (
            <NotFound />
          ) : (
            <StoredItem key={id} userId={userId} id={id} />
          )
        }
      </NewsroomGate>
    </PageFrame>
  );
}

function StoredItem({ userId, id }: { userId: number; id: number }) {
  const item = useQuery(newsroomItemQueryOptions(userId, id));
  // Bumped by 'Recarregar a notícia': a fresh editor on the fresh copy.
  const [reloads, setReloads] = useState(0);

  if (item.isError) {
    if (isAccessRefusal(item.error)) return <NewsroomRefusal error={item.error} />;
    if (item.error instanceof ApiError && item.error.code === 404) return <NotFound />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={NEWSROOM_MESSAGES.itemError}
        description={item.error.message}
        data-testid="newsroom-item-error"
      >
        <Button mt="md" variant="light" onClick={() => void item.refetch()}>
          {NEWSROOM_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (!item.data) return <EditorSkeleton />;
  return (
    <NewsEditor
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
      icon={IconNewsOff}
      title={NEWSROOM_MESSAGES.itemNotFound}
      links={[{ label: NEWSROOM_MESSAGES.backToList, to: NEWSROOM_PATH }]}
      data-testid="newsroom-item-not-found"
    />
  );
}

function EditorSkeleton() {
  return (
    <div className={classes.editor} aria-busy="true" aria-label={NEWSROOM_MESSAGES.loadingItem}>
      <div className={classes.editorMain}>
        <Skeleton height={56} radius="md" />
        <Skeleton height={36} radius="md" />
        <Skeleton height={64} radius="md" />
        <Skeleton height={380} radius="md" />
      </div>
      <div className={classes.editorSide}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={220} radius="md" />
      </div>
    </div>
  );
}
