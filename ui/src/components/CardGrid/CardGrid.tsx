import { Fragment, type Key, type ReactNode } from 'react';
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LOAD_ERROR } from '@/lib/messages';

export const CARD_GRID_RETRY = 'Tentar de novo';

/** One column on a phone (from 320 px), two on a tablet, three from a laptop up. */
const COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

export interface CardGridProps<T> {
  /** The loaded items; `undefined` until the first answer. */
  items: readonly T[] | undefined;
  loading: boolean;
  error: boolean;
  /** Shown under the error text as a button when given. */
  onRetry?: () => void;
  /** The retry is under way: the button spins instead of the grid disappearing. */
  retrying?: boolean;
  errorText?: string;
  /** What a loaded but empty list shows (usually an EmptyState with the page's own texts). */
  empty: ReactNode;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Height of the placeholder picture, so the cards do not jump when they arrive. */
  skeletonImageHeight?: number;
  skeletonCount?: number;
}

function CardSkeleton({ imageHeight }: { imageHeight: number }) {
  return (
    <Card withBorder padding="lg">
      <Card.Section>
        <Skeleton h={imageHeight} radius={0} />
      </Card.Section>
      <Stack gap={8} mt="md">
        <Skeleton h={20} w="70%" />
        <Skeleton h={12} />
        <Skeleton h={12} w="85%" />
      </Stack>
    </Card>
  );
}

/** A list of cards with its loading, error and empty states. */
export function CardGrid<T>({
  items,
  loading,
  error,
  onRetry,
  retrying = false,
  errorText = LOAD_ERROR,
  empty,
  itemKey,
  renderItem,
  skeletonImageHeight = 160,
  skeletonCount = 6,
}: CardGridProps<T>) {
  if (loading) {
    return (
      <SimpleGrid
        cols={COLUMNS}
        spacing="lg"
        role="status"
        aria-label="Carregando"
        aria-busy
        data-testid="card-grid-loading"
      >
        {Array.from({ length: skeletonCount }, (_, index) => (
          <CardSkeleton key={index} imageHeight={skeletonImageHeight} />
        ))}
      </SimpleGrid>
    );
  }
  if (error || !items) {
    return (
      <Alert color="red">
        {errorText}
        {onRetry && (
          <Button
            display="block"
            mt="sm"
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={onRetry}
          >
            {CARD_GRID_RETRY}
          </Button>
        )}
      </Alert>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <SimpleGrid cols={COLUMNS} spacing="lg" data-testid="card-grid">
      {items.map((item) => (
        <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
      ))}
    </SimpleGrid>
  );
}
