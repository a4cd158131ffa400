/** The live page's share links (G65: facebook, twitter, whatsapp, vk). */
import {
  IconBrandFacebook,
  IconBrandVk,
  IconBrandWhatsapp,
  IconBrandX,
  type Icon,
} from '@tabler/icons-react';

export interface ShareTarget {
  network: 'facebook' | 'twitter' | 'whatsapp' | 'vk';
  label: string;
  href: string;
  icon: Icon;
}

/** G65: the live page shares to facebook, twitter, whatsapp and vk. */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    {
      network: 'facebook',
      label: 'Compartilhar no Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: IconBrandFacebook,
    },
    {
      network: 'twitter',
      label: 'Compartilhar no Twitter',
      href: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
      icon: IconBrandX,
    },
    {
      network: 'whatsapp',
      label: 'Compartilhar no WhatsApp',
      href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`,
      icon: IconBrandWhatsapp,
    },
    {
      network: 'vk',
      label: 'Compartilhar no VK',
      href: `https://vk.com/share.php?url=${u}&title=${t}`,
      icon: IconBrandVk,
    },
  ];
}
