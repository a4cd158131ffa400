import { Skeleton, Stack } from '@mantine/core';
import classes from './Inbox.module.css';

/** Rows of the list while a page loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap={6} aria-busy="true" aria-label="Carregando mensagens" data-testid="inbox-loading">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={68} radius="md" />
      ))}
    </Stack>
  );
}

/** The whole page while the session or the folders are not known yet. */
export function InboxSkeleton() {
  return (
    <div aria-busy="true" aria-label="Carregando a caixa de entrada">
      <div className={classes.folders}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={44} w={{ base: '100%', xs: 180 }} radius="xl" />
        ))}
      </div>
      <div className={classes.panes}>
        <ListSkeleton />
      </div>
    </div>
  );
}
