/**
 * `/musicas/{musicSlug}+{artistSlug}` (C08): the slug holds exactly one literal '+' with text on
 * both sides; anything else is not a music page. The API takes the two parts in the reverse order.
 */
export function parseMusicSlug(slug: string): { musicSlug: string; artistSlug: string } | null {
  const parts = slug.split('+');
  if (parts.length !== 2) return null;
  const [musicSlug = '', artistSlug = ''] = parts;
  if (!musicSlug || !artistSlug) return null;
  return { musicSlug, artistSlug };
}
