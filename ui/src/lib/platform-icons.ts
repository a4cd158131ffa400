import {
  IconBrandAmazon,
  IconBrandApple,
  IconBrandGoogle,
  IconBrandGooglePlay,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTv,
  type Icon,
} from '@tabler/icons-react';

const PLATFORM: Record<string, Icon> = {
  android: IconBrandGooglePlay,
  ios: IconBrandApple,
  alexa: IconBrandAmazon,
  googleassistant: IconBrandGoogle,
  smarttv: IconDeviceTv,
  desktop: IconDeviceDesktop,
};

/** The icon of an app platform (`station.apps[].platform`). */
export function platformIcon(platform: string): Icon {
  return PLATFORM[platform.toLowerCase()] ?? IconDeviceMobile;
}
