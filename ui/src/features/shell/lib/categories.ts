import type { NewsCategory } from '@/generated/NewsCategory';
import { HEADER_INLINE_CATEGORY_SLUGS } from '@/lib/constants';

/**
 * Desktop: the seven fixed categories inline (in the spec's order) and every other one in
 * 'Mais categorias'. Mobile: all of them in 'Mais categorias'.
 */
export function splitCategories(
  categories: NewsCategory[],
  mobile: boolean,
): { inline: NewsCategory[]; more: NewsCategory[] } {
  if (mobile) return { inline: [], more: categories };
  const inline = HEADER_INLINE_CATEGORY_SLUGS.map((slug) =>
    categories.find((category) => category.slug === slug),
  ).filter((category): category is NewsCategory => category !== undefined);
  const inlineSlugs = new Set(inline.map((category) => category.slug));
  return { inline, more: categories.filter((category) => !inlineSlugs.has(category.slug)) };
}
