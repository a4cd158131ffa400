import { Skeleton } from '@mantine/core';
import { PROMO_MESSAGES } from '../messages';
import shared from '@/features/newsroom/Newsroom.module.css';

/** The editors' shape while the stored item loads. */
export function EditorSkeleton() {
  return (
    <div className={shared.editor} aria-busy="true" aria-label={PROMO_MESSAGES.loadingItem}>
      <div className={shared.editorMain}>
        <Skeleton height={56} radius="md" />
        <Skeleton height={64} radius="md" />
        <Skeleton height={300} radius="md" />
      </div>
      <div className={shared.editorSide}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={220} radius="md" />
      </div>
    </div>
  );
}
