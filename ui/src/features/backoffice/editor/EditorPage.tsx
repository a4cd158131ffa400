import { Fragment, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { IconAlertTriangle, type Icon } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { ApiError } from '@/lib/api';
import { isAccessRefusal } from '../form';
import { BACKOFFICE_MESSAGES } from '../messages';
import { EditorSkeleton } from './EditorParts';

/** 'Esta notícia não existe mais.' with a way back to the list. */
export function NotFoundState({
  icon,
  title,
  backLabel,
  backTo,
  'data-testid': testId,
}: {
  icon: Icon;
  title: string;
  backLabel: string;
  backTo: string;
  'data-testid': string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      links={[{ label: backLabel, to: backTo }]}
      data-testid={testId}
    />
  );
}

export interface StoredItemProps<D, K extends QueryKey> {
  /** The item's query (a fetcher of the desk's `api/`). */
  options: UseQueryOptions<D, Error, D, K>;
  /** The login prompt or 'no permission' for a 401 or 403. */
  refusal: (error: unknown) => ReactNode;
  /** The 404 state. */
  notFound: ReactNode;
  errorTitle: string;
  errorTestId: string;
  loadingLabel: string;
  /** The skeleton's blocks (see {@link EditorSkeleton}). */
  skeleton?: { main?: number[]; side?: number[] };
  /** The editor on the loaded item; `onReload` loads it again and starts a fresh editor on it. */
  children: (item: D, onReload: () => void) => ReactNode;
}

/** A stored item loading for its editor: the skeleton, the error states, then the editor. */
export function StoredItem<D, K extends QueryKey>({
  options,
  refusal,
  notFound,
  errorTitle,
  errorTestId,
  loadingLabel,
  skeleton,
  children,
}: StoredItemProps<D, K>) {
  const item = useQuery(options);
  // Bumped by 'Recarregar': a fresh editor on the fresh copy.
  const [reloads, setReloads] = useState(0);

  if (item.isError) {
    if (isAccessRefusal(item.error)) return refusal(item.error);
    if (item.error instanceof ApiError && item.error.code === 404) return notFound;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={errorTitle}
        description={item.error.message}
        data-testid={errorTestId}
      >
        <Button mt="md" variant="light" onClick={() => void item.refetch()}>
          {BACKOFFICE_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (item.data === undefined) return <EditorSkeleton label={loadingLabel} {...skeleton} />;
  const reload = () => {
    void item.refetch().then(() => setReloads((count) => count + 1));
  };
  return <Fragment key={reloads}>{children(item.data, reload)}</Fragment>;
}
