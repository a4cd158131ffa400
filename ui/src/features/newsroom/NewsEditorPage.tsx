import { IconNewsOff } from '@tabler/icons-react';
import { createEditorPage } from '@/features/backoffice/editor/create-editor-page';
import { newsroomItemQueryOptions } from './api/newsroom-api';
import { NewsEditor } from './editor/NewsEditor';
import { NEWSROOM_MESSAGES, NEWSROOM_PATH } from './messages';
import { NewsroomGate, NewsroomRefusal } from './NewsroomGate';

/** /a1redacao/nova and /a1redacao/:id: the editor, new or with the stored item. */
export const NewsEditorPage = createEditorPage({
  titles: { new: NEWSROOM_MESSAGES.newItem, edit: NEWSROOM_MESSAGES.editTitle },
  breadcrumbs: [{ label: NEWSROOM_MESSAGES.title, to: NEWSROOM_PATH }],
  Gate: NewsroomGate,
  Refusal: NewsroomRefusal,
  query: newsroomItemQueryOptions,
  Editor: NewsEditor,
  texts: {
    error: NEWSROOM_MESSAGES.itemError,
    notFound: NEWSROOM_MESSAGES.itemNotFound,
    backToList: NEWSROOM_MESSAGES.backToList,
    loading: NEWSROOM_MESSAGES.loadingItem,
  },
  listPath: NEWSROOM_PATH,
  notFoundIcon: IconNewsOff,
  testIds: { error: 'newsroom-item-error', notFound: 'newsroom-item-not-found' },
  skeleton: { main: [56, 36, 64, 380] },
});
