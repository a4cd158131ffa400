import { IconGiftOff } from '@tabler/icons-react';
import { createEditorPage } from '@/features/backoffice/editor/create-editor-page';
import { promotionQueryOptions } from '../api/promotions-api';
import { PROMO_MESSAGES, PROMOTIONS_PATH } from '../messages';
import { PromotionsGate, PromotionsRefusal } from '../PromotionsGate';
import { PromotionEditor } from './PromotionEditor';

/** /a1promocoes/nova and /a1promocoes/:id: the promotion editor, new or with the stored one. */
export const PromotionEditorPage = createEditorPage({
  titles: { new: PROMO_MESSAGES.newPromotion, edit: PROMO_MESSAGES.editPromotion },
  breadcrumbs: [{ label: PROMO_MESSAGES.title, to: PROMOTIONS_PATH }],
  Gate: PromotionsGate,
  Refusal: PromotionsRefusal,
  query: promotionQueryOptions,
  Editor: PromotionEditor,
  texts: {
    error: PROMO_MESSAGES.promotionError,
    notFound: PROMO_MESSAGES.promotionNotFound,
    backToList: PROMO_MESSAGES.backToList,
    loading: PROMO_MESSAGES.loadingItem,
  },
  listPath: PROMOTIONS_PATH,
  notFoundIcon: IconGiftOff,
  testIds: { error: 'promotion-error', notFound: 'promotion-not-found' },
});
