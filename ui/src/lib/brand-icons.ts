import {
  IconBrandAmazon,
  IconBrandApple,
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandGooglePlay,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandSkype,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandX,
  IconBrandYoutube,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTv,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

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

const PLATFORM: Record<string, Icon> = {
  android: IconBrandGooglePlay,
  ios: IconBrandApple,
  alexa: IconBrandAmazon,
  googleassistant: IconBrandGoogle,
  smarttv: IconDeviceTv,
  desktop: IconDeviceDesktop,
};

/** The icon of a social network (`station.social[].network`). */
export function socialIcon(network: string): Icon {
  return SOCIAL[network.toLowerCase()] ?? IconWorld;
}

/** The icon of an app platform (`station.apps[].platform`). */
export function platformIcon(platform: string): Icon {
  return PLATFORM[platform.toLowerCase()] ?? IconDeviceMobile;
}
