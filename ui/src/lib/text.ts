/** 'samba-rock' → 'Samba rock': a readable label for a slug while its data loads. */
export function humanizeSlug(slug: string): string {
  const text = slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

/** 'Maria da Silva' → 'MS' (profile menu). */
export function initialsOf(name: string, lastName?: string): string {
  const words = `${name} ${lastName ?? ''}`.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
