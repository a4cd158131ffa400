/** The news share links (doc2 §9: facebook, twitter, whatsapp, linkedin). */
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandWhatsapp,
  IconBrandX,
  type Icon,
} from '@tabler/icons-react';

export interface NewsShareTarget {
  network: 'facebook' | 'twitter' | 'whatsapp' | 'linkedin';
  label: string;
  href: string;
  icon: Icon;
  color: string;
}

/** doc2 §9: news share to facebook, twitter, whatsapp and linkedin. */
export function newsShareTargets(url: string, text: string): NewsShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    {
      network: 'facebook',
      label: 'Compartilhar no Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: IconBrandFacebook,
      color: '#1877f2',
    },
    {
      network: 'twitter',
      label: 'Compartilhar no Twitter',
      href: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
      icon: IconBrandX,
      color: '#000',
    },
    {
      network: 'whatsapp',
      label: 'Compartilhar no WhatsApp',
      href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`,
      icon: IconBrandWhatsapp,
      color: '#128c4b',
    },
    {
      network: 'linkedin',
      label: 'Compartilhar no LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      icon: IconBrandLinkedin,
      color: '#0a66c2',
    },
  ];
}
