/**
 * The share pages of Facebook, Twitter and WhatsApp for a page of the site, as the promotions' hunt
 * (doc3 §4.4, §9) and the recommend success screen (doc2 §2, §9) show them. The news and the live
 * page add LinkedIn or VK to these three in their own modules.
 */
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, type Icon } from '@tabler/icons-react';

/** The three networks; also the hunt's shareSituation values (G18). */
export type ShareNetwork = 'facebook' | 'twitter' | 'whatsapp';

export interface ShareTarget {
  network: ShareNetwork;
  label: string;
  href: string;
  icon: Icon;
  color: string;
}

/** Facebook, Twitter and WhatsApp share pages for `url` with `text`. */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  return [
    {
      network: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: IconBrandFacebook,
      color: '#1877f2',
    },
    {
      network: 'twitter',
      label: 'Twitter',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`,
      icon: IconBrandX,
      color: '#14171a',
    },
    {
      network: 'whatsapp',
      label: 'WhatsApp',
      href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`,
      icon: IconBrandWhatsapp,
      color: '#128c4b',
    },
  ];
}

/** A page's address on the public site: the station's public URL when known, else this origin. */
export function publicPageUrl(path: string, publicUrl: string | undefined): string {
  const origin = publicUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  return `${origin.replace(/\/+$/, '')}${path}`;
}
