/**
 * The contact page's channels (doc2 §2 Contact, CT-01): the listener and commercial phones, WhatsApp
 * and Skype, all from the configurable station profile (G29). A channel the station has not
 * configured is left out rather than shown empty.
 */
import type { StationInfo } from '@/generated/StationInfo';

export interface ContactChannels {
  listenerPhone: string;
  commercialPhone: string;
  whatsappUrl: string;
  skypeUrl: string;
}

function socialUrl(station: StationInfo, network: string): string {
  return station.social.find((link) => link.network.toLowerCase() === network)?.url ?? '';
}

function isWhatsappUrl(url: string): boolean {
  return /^https:\/\/(wa\.me|(api|chat)\.whatsapp\.com|(www\.)?whatsapp\.com)\//i.test(url);
}

export function contactChannels(station: StationInfo | undefined): ContactChannels {
  if (!station) return { listenerPhone: '', commercialPhone: '', whatsappUrl: '', skypeUrl: '' };
  const whatsapp =
    socialUrl(station, 'whatsapp') ||
    (isWhatsappUrl(station.supportChatUrl) ? station.supportChatUrl : '');
  return {
    listenerPhone: station.supportPhone,
    commercialPhone: station.corporatePhone,
    whatsappUrl: whatsapp,
    skypeUrl: socialUrl(station, 'skype'),
  };
}

/** `tel:` link of a displayed number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
