/** `createEditorPage`: an editor's route as a page of configuration (the desk's gate, query, editor). */
import type { ComponentType, ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Icon } from '@tabler/icons-react';
import { useParams } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { parseId } from '../form';
import { NotFoundState, StoredItem } from './EditorPage';

/** What an editor component of {@link createEditorPage} takes. */
export interface EditorComponentProps<D> {
  userId: number;
  /** The item as loaded; null for a new one. */
  draft: D | null;
  /** Loads the item again after someone else saved it (409). */
  onReload?: () => void;
}

export interface EditorPageConfig<D, K extends QueryKey> {
  /** The page's title for a new item and for a stored one. */
  titles: { new: string; edit: string };
  breadcrumbs: { label: string; to: string }[];
  /** The desk's staff gate. */
  Gate: ComponentType<{ children: (userId: number) => ReactNode }>;
  Refusal: ComponentType<{ error: unknown }>;
  /** The stored item's query options. */
  query: (userId: number, id: number) => UseQueryOptions<D, Error, D, K>;
  Editor: ComponentType<EditorComponentProps<D>>;
  texts: { error: string; notFound: string; backToList: string; loading: string };
  /** Where 'Voltar para …' goes. */
  listPath: string;
  notFoundIcon: Icon;
  testIds: { error: string; notFound: string };
  skeleton?: { main?: number[]; side?: number[] };
}

/**
 * An editor's route (`…/nova` and `…/:id`) from its configuration: the frame and the gate, then a
 * new item's editor, or the stored one loaded by id (skeleton, error, not found, refusal).
 */
export function createEditorPage<D, K extends QueryKey>(config: EditorPageConfig<D, K>) {
  const { Gate, Refusal, Editor, texts, testIds } = config;
  const notFound = (
    <NotFoundState
      icon={config.notFoundIcon}
      title={texts.notFound}
      backLabel={texts.backToList}
      backTo={config.listPath}
      data-testid={testIds.notFound}
    />
  );

  return function EditorPage() {
    const { id: rawId } = useParams();
    const isNew = rawId === undefined;
    const id = parseId(rawId);
    return (
      <PageFrame
        title={isNew ? config.titles.new : config.titles.edit}
        breadcrumbs={config.breadcrumbs}
        noindex
      >
        <Gate>
          {(userId) =>
            isNew ? (
              <Editor key="new" userId={userId} draft={null} />
            ) : id === null ? (
              notFound
            ) : (
              <StoredItem
                key={id}
                options={config.query(userId, id)}
                refusal={(error) => <Refusal error={error} />}
                notFound={notFound}
                errorTitle={texts.error}
                errorTestId={testIds.error}
                loadingLabel={texts.loading}
                skeleton={config.skeleton}
              >
                {(draft, onReload) => <Editor userId={userId} draft={draft} onReload={onReload} />}
              </StoredItem>
            )
          }
        </Gate>
      </PageFrame>
    );
  };
}
