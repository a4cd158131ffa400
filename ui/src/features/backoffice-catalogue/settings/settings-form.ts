/**
 * The station settings form: AppParameters as the inputs hold them (the campaign streams as rows),
 * the server's checks in its words (routes/backoffice/catalogue/settings.rs `check`), and back.
 */
import type { AppParameters } from '@/generated/AppParameters';
import { limits, messages } from '@/generated/validation-rules';

export interface CampaignRow {
  campaign: string;
  stream: string;
}

export interface SettingsValues {
  logoUrl: string;
  logoAlt: string;
  barText: string;
  barTitle: string;
  barLink: string;
  gradientFrom: string;
  gradientTo: string;
  maintenance: boolean;
  adManagerUrl: string;
  targetingUrl: string;
  enabledTests: string[];
  campaigns: CampaignRow[];
}

export type SettingsErrors = Partial<Record<keyof SettingsValues, string>>;

/** The most tests and campaigns, and the longest code (the server's CODES_MAX, CODE_MAX). */
export const CODES_MAX = 50;
const CODE = /^[a-z0-9_-]{1,40}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

export function settingsValues(params: AppParameters): SettingsValues {
  return {
    logoUrl: params.logo.url,
    logoAlt: params.logo.alt,
    barText: params.headerBar.text,
    barTitle: params.headerBar.title,
    barLink: params.headerBar.link,
    gradientFrom: params.headerBar.gradientFrom,
    gradientTo: params.headerBar.gradientTo,
    maintenance: params.maintenance,
    adManagerUrl: params.preroll.adManagerUrl,
    targetingUrl: params.preroll.targetingUrl,
    enabledTests: [...params.enabledTests],
    campaigns: Object.entries(params.campaignStreams).map(([campaign, stream]) => ({
      campaign,
      stream: stream ?? '',
    })),
  };
}

/** A link of the site ('/…', not '//…') or an https address, with nothing that leaves an attribute. */
export function isSiteLink(text: string): boolean {
  const local = text.startsWith('/') && !text.startsWith('//');
  return (local || text.startsWith('https://')) && !/[\s"'<>`]/.test(text);
}

export function validateSettings(values: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const key of ['barText', 'barTitle', 'logoAlt'] as const) {
    if ([...values[key].trim()].length > limits.SETTINGS_TEXT_MAX)
      errors[key] = messages.SETTINGS_TEXT;
  }
  if (!isSiteLink(values.barLink.trim())) errors.barLink = messages.SETTINGS_LINK;
  if (!COLOR.test(values.gradientFrom)) errors.gradientFrom = messages.SETTINGS_COLOR;
  if (!COLOR.test(values.gradientTo)) errors.gradientTo = messages.SETTINGS_COLOR;
  if (!values.logoUrl.trim()) errors.logoUrl = messages.SETTINGS_LOGO;
  for (const key of ['adManagerUrl', 'targetingUrl'] as const) {
    const url = values[key].trim();
    if (url && !isSiteLink(url)) errors[key] = messages.SETTINGS_AD_URL;
  }
  if (
    values.enabledTests.length > CODES_MAX ||
    !values.enabledTests.every((name) => CODE.test(name))
  )
    errors.enabledTests = messages.SETTINGS_CODES;
  const rows = values.campaigns.filter((row) => row.campaign.trim() || row.stream.trim());
  if (
    rows.length > CODES_MAX ||
    !rows.every((row) => CODE.test(row.campaign.trim()) && CODE.test(row.stream.trim()))
  )
    errors.campaigns = messages.SETTINGS_CODES;
  return errors;
}

/** The PUT body: every parameter, trimmed; blank campaign rows dropped. */
export function toParameters(values: SettingsValues): AppParameters {
  const campaignStreams: Record<string, string> = {};
  for (const row of values.campaigns) {
    const campaign = row.campaign.trim();
    if (campaign) campaignStreams[campaign] = row.stream.trim();
  }
  return {
    logo: { url: values.logoUrl.trim(), alt: values.logoAlt.trim() },
    headerBar: {
      text: values.barText.trim(),
      title: values.barTitle.trim(),
      link: values.barLink.trim(),
      gradientFrom: values.gradientFrom,
      gradientTo: values.gradientTo,
    },
    maintenance: values.maintenance,
    preroll: { adManagerUrl: values.adManagerUrl.trim(), targetingUrl: values.targetingUrl.trim() },
    enabledTests: values.enabledTests.map((name) => name.trim()).filter(Boolean),
    campaignStreams,
  };
}
