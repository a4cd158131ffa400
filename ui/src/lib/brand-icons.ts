import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandSkype,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandX,
  IconBrandYoutube,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

// The app platforms' icons are in platform-icons.ts: the header (in every page's first load) draws
// the social networks only; the platforms are the footer's and the apps page's.
const SOCIAL: Record<string, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  twitter: IconBrandX,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  whatsapp: IconBrandWhatsapp,
  spotify: IconBrandSpotify,
  linkedin: IconBrandLinkedin,
  skype: IconBrandSkype,
};

/** The icon of a social network (`station.social[].network`). */
export function socialIcon(network: string): Icon {
  return SOCIAL[network.toLowerCase()] ?? IconWorld;
}
