/**
 * The poll box's frame and its loading state, apart from the box: the home page shows the same
 * placeholder while the box's own chunk loads (the box and its form controls are fetched on
 * demand), so nothing moves when the box takes over.
 */
import type { ReactNode } from 'react';
import { Paper, Skeleton, Text } from '@mantine/core';
import classes from './PollBox.module.css';

export function PollFrame({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      withBorder
      className={classes.box}
      aria-labelledby={labelledBy}
      data-testid="poll-box"
    >
      <Text id="poll-kicker" className={classes.kicker}>
        Enquete
      </Text>
      {children}
    </Paper>
  );
}

export function PollSkeleton() {
  return (
    <div aria-busy="true" data-testid="poll-loading">
      <span className="sr-only">Carregando a enquete</span>
      <Skeleton height={18} radius="sm" />
      <Skeleton height={18} width="70%" radius="sm" mt={6} />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={38} radius="md" mt={index === 0 ? 'md' : 6} />
      ))}
      <Skeleton height={36} radius="xl" mt="md" />
    </div>
  );
}

/** What PollBox shows while the poll is read. */
export function PollPlaceholder() {
  return (
    <PollFrame labelledBy="poll-kicker">
      <PollSkeleton />
    </PollFrame>
  );
}
