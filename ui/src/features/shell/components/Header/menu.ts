import {
  IconBriefcase,
  IconGift,
  IconHome,
  IconMicrophone2,
  IconMusic,
  IconPlayerPlayFilled,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface MainMenuItem {
  label: string;
  /** Internal route, or `null` for the external commercial site (station.commercialUrl). */
  to: string | null;
  icon: Icon;
  /** Styled as the call to action. */
  highlight?: boolean;
  /** Choosing it also starts the live stream (doc1 §2 'Ouvir rádio'). */
  startsLive?: boolean;
  /** Only in the drawer under 768 px, where the footer's 'Música' links are far away. */
  drawerOnly?: boolean;
}

/**
 * The main menu (doc1 §2): Home, Ouvir rádio, Promoções, Podcasts, Comercial; the drawer also has
 * Músicas and Artistas, among them in this order.
 */
export const MAIN_MENU: MainMenuItem[] = [
  { label: 'Home', to: '/', icon: IconHome },
  {
    label: 'Ouvir rádio',
    to: '/ouvir-radio-online',
    icon: IconPlayerPlayFilled,
    highlight: true,
    startsLive: true,
  },
  { label: 'Promoções', to: '/promocoes', icon: IconGift },
  { label: 'Podcasts', to: '/podcasts', icon: IconMicrophone2 },
  { label: 'Músicas', to: '/musicas', icon: IconMusic, drawerOnly: true },
  { label: 'Artistas', to: '/artistas', icon: IconUsers, drawerOnly: true },
  { label: 'Comercial', to: null, icon: IconBriefcase },
];

/** Where 'Comercial' goes when the station has no commercial site configured. */
export const COMMERCIAL_FALLBACK = '/anuncie-conosco';

/** The header's button (and the drawer's) that opens the FM frequencies modal. */
export const TUNE_IN_LABEL = 'Sintonize no FM';

/** The news categories that do not fit the bar (all of them under 768 px). */
export const MORE_CATEGORIES_LABEL = 'Mais categorias';
