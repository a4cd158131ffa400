import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ListHead, NewButton } from '@/features/backoffice/list/ListParts';
import { ListFilters } from './list/ListFilters';
import { NewsList } from './list/NewsList';
import { useListParams } from './list/use-list-params';
import { NEWSROOM_MESSAGES, NEWSROOM_NEW_PATH } from './messages';
import { NewsroomGate } from './NewsroomGate';

/**
 * /a1redacao: the newsroom's list of items, for staff with permission 5. Search and
 * filters live in the address; each title opens the editor.
 */
export function NewsroomListPage() {
  return (
    <PageFrame title={NEWSROOM_MESSAGES.title} description={NEWSROOM_MESSAGES.description} noindex>
      <NewsroomGate>{(userId) => <Newsroom userId={userId} />}</NewsroomGate>
    </PageFrame>
  );
}

function Newsroom({ userId }: { userId: number }) {
  const { filters, update, clear } = useListParams();
  return (
    <div data-testid="newsroom">
      <ListHead>
        <ListFilters filters={filters} update={update} clear={clear} />
        <NewButton to={NEWSROOM_NEW_PATH} label={NEWSROOM_MESSAGES.newItem} />
      </ListHead>
      <NewsList userId={userId} filters={filters} update={update} clear={clear} />
    </div>
  );
}
