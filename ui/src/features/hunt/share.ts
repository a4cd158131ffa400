/** The hunt's share links (doc3 §4.4, §9: Facebook, Twitter, WhatsApp; G18 shareSituation values). */
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, type Icon } from '@tabler/icons-react';
import type { ShareSituation } from '@/generated/ShareSituation';

export interface ShareTarget {
  network: ShareSituation;
  label: string;
  href: string;
  icon: Icon;
  color: string;
}

/** doc3 §4.4, §9: the winner shares the hunt page on Facebook, Twitter or WhatsApp. */
export function huntShareTargets(url: string, text: string): ShareTarget[] {
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
