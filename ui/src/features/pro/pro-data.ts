/**
 * The PRO page's fixed content (doc3 §2.2, §9; doc1 §1; decisions C25–C27): timings, analytics
 * category, plans and benefits. Prices are the spec's literals (C25: R$ 49,90 as written, the store
 * sets the price; C26: 'R$ 9,90' with a space; C27: '2 meses grátis' kept as marketing text).
 */
import type { Icon } from '@tabler/icons-react';
import {
  IconAdOff,
  IconAlarm,
  IconBroadcast,
  IconDownload,
  IconMicrophone2,
  IconMoonStars,
  IconSparkles,
} from '@tabler/icons-react';

/** Scroll animation of the title-block icons (doc3 §9: 700 ms). */
export const PRO_SCROLL_MS = 700;
/** Close animation of the store modal (doc3 §9: 250 ms). */
export const PRO_MODAL_CLOSE_MS = 250;
/** Analytics category of every event on this page (doc3 §2.2, PP-06). */
export const PRO_ANALYTICS_CATEGORY = 'pro-page';

export type ProSectionId = 'modo-escuro' | 'streams' | 'podcasts' | 'despertador';

export interface ProSection {
  id: ProSectionId;
  /** Label of the title-block icon. */
  label: string;
  icon: Icon;
}

/** The title block's four icons, in the spec's order: dark mode, streams, podcasts, alarm. */
export const PRO_SECTIONS: readonly ProSection[] = [
  { id: 'modo-escuro', label: 'Modo escuro', icon: IconMoonStars },
  { id: 'streams', label: 'Streams exclusivos', icon: IconBroadcast },
  { id: 'podcasts', label: 'Podcasts', icon: IconMicrophone2 },
  { id: 'despertador', label: 'Rádio despertador', icon: IconAlarm },
];

/** DOM id of a section's element (the scroll target). */
export const sectionDomId = (id: ProSectionId) => `pro-${id}`;

export interface ProPlan {
  id: 'mensal' | 'anual';
  name: string;
  price: string;
  /** ' por mês' / ' por ano', after the price. */
  period: string;
  oldPrice?: string;
  badge?: string;
  launchPrice: string;
  note: string;
}

export const PRO_PLANS: readonly ProPlan[] = [
  {
    id: 'mensal',
    name: 'Mensal',
    price: 'R$ 9,90',
    period: 'por mês',
    launchPrice: 'R$ 4,95',
    note: 'Renovação automática todo mês, até você cancelar.',
  },
  {
    id: 'anual',
    name: 'Anual',
    price: 'R$ 99,90',
    period: 'por ano',
    oldPrice: 'R$ 118,80',
    badge: '2 meses grátis',
    launchPrice: 'R$ 49,90',
    note: 'Renovação automática todo ano, até você cancelar.',
  },
];

/** Launch discount (doc3 §9): 50% for the first 12 months of subscription, then the standard price. */
export const LAUNCH_DISCOUNT = '50%';
export const LAUNCH_MONTHS = 12;

export interface ProBenefit {
  title: string;
  description: string;
  icon: Icon;
}

/** Plan benefits (doc3 §9), in the spec's order. */
export const PRO_BENEFITS: readonly ProBenefit[] = [
  {
    title: 'Download de podcasts',
    description: 'Baixe episódios no aplicativo e ouça sem internet.',
    icon: IconDownload,
  },
  {
    title: 'Conteúdo exclusivo',
    description: 'Notícias, podcasts e promoções só para assinantes.',
    icon: IconSparkles,
  },
  {
    title: 'Streams exclusivos',
    description: 'Canais musicais sem intervalos comerciais.',
    icon: IconBroadcast,
  },
  {
    title: 'Rádio despertador',
    description: 'Acorde com a rádio no aplicativo para computador.',
    icon: IconAlarm,
  },
  {
    title: 'Sem anúncios',
    description: 'Ouça e navegue sem propagandas nem vinhetas de anúncio.',
    icon: IconAdOff,
  },
];
