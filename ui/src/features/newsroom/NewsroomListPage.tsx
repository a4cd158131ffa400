import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ListFilters } from './list/ListFilters';
import { NewsList } from './list/NewsList';
import { useListParams } from './list/use-list-params';
import { NEWSROOM_MESSAGES, NEWSROOM_NEW_PATH } from './messages';
import { NewsroomGate } from './NewsroomGate';
import classes from './Newsroom.module.css';

/**
 * /a1redacao (issue 20): the newsroom's list of items, for staff with permission 5. Search and
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
      <div className={classes.listHead}>
        <ListFilters filters={filters} update={update} clear={clear} />
        <Button
          component={Link}
          to={NEWSROOM_NEW_PATH}
          leftSection={<IconPlus size={18} aria-hidden />}
          className={classes.newButton}
        >
          {NEWSROOM_MESSAGES.newItem}
        </Button>
      </div>
      <NewsList userId={userId} filters={filters} update={update} clear={clear} />
    </div>
  );
}
