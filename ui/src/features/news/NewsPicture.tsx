import type { NewsItem } from '@/generated/NewsItem';
import { BREAKPOINT_SM } from '@/lib/constants';

export interface NewsPictureProps {
  item: NewsItem;
  /** The wide (8:3) cover from 768 px on, the 16:9 one below. */
  wide?: boolean;
  alt?: string;
  className?: string;
  lazy?: boolean;
}

/** A news cover: `imageNew` is 16:9, `featuredImage` the wide 8:3 version. */
export function NewsPicture({
  item,
  wide = false,
  alt = '',
  className,
  lazy = true,
}: NewsPictureProps) {
  const img = (
    <img
      src={item.imageNew || item.featuredImage}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      className={className}
      data-testid={lazy ? undefined : 'news-cover'}
    />
  );
  if (!wide || !item.featuredImage) return img;
  return (
    <picture>
      <source media={`(min-width: ${BREAKPOINT_SM}px)`} srcSet={item.featuredImage} />
      {img}
    </picture>
  );
}
