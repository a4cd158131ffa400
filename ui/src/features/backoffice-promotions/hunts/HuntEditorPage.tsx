import { IconMapOff } from '@tabler/icons-react';
import { createEditorPage } from '@/features/backoffice/editor/create-editor-page';
import { huntQueryOptions } from '../api/promotions-api';
import { HUNTS_PATH, PROMO_MESSAGES, PROMOTIONS_PATH } from '../messages';
import { PromotionsGate, PromotionsRefusal } from '../PromotionsGate';
import { HuntEditor } from './HuntEditor';

/** /a1promocoes/cacas/nova and /a1promocoes/cacas/:id: the hunt editor, new or stored. */
export const HuntEditorPage = createEditorPage({
  titles: { new: PROMO_MESSAGES.newHunt, edit: PROMO_MESSAGES.editHunt },
  breadcrumbs: [
    { label: PROMO_MESSAGES.title, to: PROMOTIONS_PATH },
    { label: PROMO_MESSAGES.tabHunts, to: HUNTS_PATH },
  ],
  Gate: PromotionsGate,
  Refusal: PromotionsRefusal,
  query: huntQueryOptions,
  Editor: HuntEditor,
  texts: {
    error: PROMO_MESSAGES.huntError,
    notFound: PROMO_MESSAGES.huntNotFound,
    backToList: PROMO_MESSAGES.backToList,
    loading: PROMO_MESSAGES.loadingItem,
  },
  listPath: HUNTS_PATH,
  notFoundIcon: IconMapOff,
  testIds: { error: 'hunt-error', notFound: 'hunt-not-found' },
});
