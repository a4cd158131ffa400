/** The recommend success screen's share links (doc2 §2; the share targets of doc2 §9). */
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, type Icon } from '@tabler/icons-react';

export interface ShareTarget {
  network: 'facebook' | 'twitter' | 'whatsapp';
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

/** The page's address on the public site (the station's URL when known, else this origin). */
export function publicPageUrl(path: string, publicUrl: string | undefined): string {
  const base = (publicUrl || window.location.origin).replace(/\/+$/, '');
  return `${base}${path}`;
}
