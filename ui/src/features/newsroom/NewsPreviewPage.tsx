import type { ReactNode } from 'react';
import { Button, Container, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowLeft, IconEye } from '@tabler/icons-react';
import { Link, useParams } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { NewsArticle } from '@/features/news/NewsArticlePage';
import { ApiError } from '@/lib/api';
import {
  isAccessRefusal,
  newsroomItemQueryOptions,
  newsroomPreviewQueryOptions,
} from './api/newsroom-api';
import { formatStaffDate } from '@/features/backoffice/format';
import { NEWSROOM_MESSAGES, NEWSROOM_PATH, newsroomEditPath } from './messages';
import { NewsroomGate, NewsroomRefusal } from './NewsroomGate';
import { StateBadge } from './StateBadge';
import classes from './Newsroom.module.css';

/**
 * /a1redacao/:id/previa: the item as readers will see it, drawn by the public article page's own
 * component from the server's preview (any state), under a bar that says it is a preview, where the
 * item stands, and leads back to the editor.
 */
export function NewsPreviewPage() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : 0;

  return (
    <NewsroomGate frame={(content) => <PreviewFrame>{content}</PreviewFrame>}>
      {(userId) =>
        id >= 1 ? (
          <Preview key={id} userId={userId} id={id} />
        ) : (
          <PreviewFrame>
            <PreviewError notFound />
          </PreviewFrame>
        )
      }
    </NewsroomGate>
  );
}

/** The gate's states and errors sit in the newsroom's frame; the preview itself is the article's. */
function PreviewFrame({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      title={NEWSROOM_MESSAGES.previewOf}
      breadcrumbs={[{ label: NEWSROOM_MESSAGES.title, to: NEWSROOM_PATH }]}
      noindex
    >
      {children}
    </PageFrame>
  );
}

function Preview({ userId, id }: { userId: number; id: number }) {
  const preview = useQuery(newsroomPreviewQueryOptions(userId, id));
  // The state and dates of the bar (usually cached by the editor the journalist came from).
  const draft = useQuery(newsroomItemQueryOptions(userId, id));

  if (preview.isError) {
    if (isAccessRefusal(preview.error))
      return (
        <PreviewFrame>
          <NewsroomRefusal error={preview.error} />
        </PreviewFrame>
      );
    const notFound = preview.error instanceof ApiError && preview.error.code === 404;
    return (
      <PreviewFrame>
        <PreviewError notFound={notFound} onRetry={() => void preview.refetch()} />
      </PreviewFrame>
    );
  }

  const state = draft.data?.shownState;
  return (
    <>
      <div className={classes.previewBar} role="status" data-testid="preview-bar">
        <Container className={classes.previewInner}>
          <Group gap="xs" wrap="wrap">
            <IconEye size={18} aria-hidden />
            <Text fw={800} size="sm">
              {state === 'published' ? NEWSROOM_MESSAGES.previewOf : NEWSROOM_MESSAGES.previewBar}
            </Text>
            {state && <StateBadge state={state} variant="white" />}
            {state === 'scheduled' && draft.data?.publishAt && (
              <Text size="sm">para {formatStaffDate(draft.data.publishAt)}</Text>
            )}
          </Group>
          <Button
            component={Link}
            to={newsroomEditPath(id)}
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
          >
            {NEWSROOM_MESSAGES.backToEditor}
          </Button>
        </Container>
      </div>
      {preview.data ? (
        <NewsArticle item={preview.data} preview />
      ) : (
        <Container py="xl" aria-busy="true" aria-label="Carregando a prévia">
          <Skeleton height={40} width="70%" />
          <Skeleton height={20} width="50%" mt="md" />
          <Skeleton mt="lg" style={{ aspectRatio: '2 / 1' }} />
        </Container>
      )}
    </>
  );
}

function PreviewError({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }) {
  return (
    <EmptyState
      icon={IconAlertTriangle}
      title={notFound ? NEWSROOM_MESSAGES.itemNotFound : NEWSROOM_MESSAGES.previewError}
      links={[{ label: NEWSROOM_MESSAGES.backToList, to: NEWSROOM_PATH }]}
      data-testid="preview-error"
    >
      {onRetry && !notFound && (
        <Button mt="md" variant="light" onClick={onRetry}>
          {NEWSROOM_MESSAGES.retry}
        </Button>
      )}
    </EmptyState>
  );
}
