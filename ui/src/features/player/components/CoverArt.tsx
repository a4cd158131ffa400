import { useState } from 'react';
import { Skeleton } from '@mantine/core';
import { IconVinyl } from '@tabler/icons-react';
import classes from './Player.module.css';

export interface CoverArtProps {
  src: string | null | undefined;
  /** Rendered size in px (the image keeps its square). */
  size: number | string;
  alt?: string;
  loading?: boolean;
  radius?: 'sm' | 'md' | 'lg';
  className?: string;
  /**
   * The station's logo, shown when there is no cover (between songs), and recognised when it is the
   * cover (the server's cover for tracks outside the catalogue): its start, where a wordmark has its
   * symbol, fills the square.
   */
  logo?: string | null;
  /**
   * The page's main picture (the live page's cover): fetched at once and first. Others load lazily;
   * a lazy image is only requested once layout has placed it, a step the page's largest picture
   * should not wait for.
   */
  priority?: boolean;
}

/**
 * An album cover (150 or 1000 px, doc1 §9), a skeleton while loading; without one the station's
 * logo when given, else a vinyl.
 */
export function CoverArt({
  src,
  size,
  alt = '',
  loading,
  radius = 'md',
  className,
  logo,
  priority = false,
}: CoverArtProps) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  const style = { width: size, height: size };
  if (loading) return <Skeleton style={style} radius={radius} className={className} />;
  const usable = (url: string | null | undefined): url is string => !!url && !failed.includes(url);
  const image = usable(src) ? src : usable(logo) ? logo : null;
  if (!image) {
    return (
      <div
        className={`${classes.coverPlaceholder} ${className ?? ''}`}
        style={style}
        data-radius={radius}
        aria-hidden
      >
        <IconVinyl size="55%" stroke={1.4} />
      </div>
    );
  }
  return (
    <img
      src={image}
      alt={alt}
      className={`${classes.cover} ${className ?? ''}`}
      style={style}
      data-radius={radius}
      data-logo={image === logo || undefined}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed((urls) => [...urls, image])}
    />
  );
}
