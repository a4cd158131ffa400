import type { ReactNode } from 'react';
import { IconMoodSad } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';

export interface NotFoundViewProps {
  /** The page's not-found literal, for example 'NÃO ACHAMOS ESSE PODCAST :('. */
  message: string;
  description?: ReactNode;
  backTo: string;
  backLabel: string;
}

/** The not-found state of a page whose slug matches nothing: message and a back link. */
export function NotFoundView({ message, description, backTo, backLabel }: NotFoundViewProps) {
  return (
    <EmptyState
      icon={IconMoodSad}
      title={message}
      description={description ?? 'Verifique se o link foi digitado corretamente.'}
      links={[{ label: backLabel, to: backTo }]}
      data-testid="not-found-view"
    />
  );
}
