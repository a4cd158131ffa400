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
}

/** An album cover (150 or 1000 px, doc1 §9), a skeleton while loading, a vinyl when missing. */
export function CoverArt({
  src,
  size,
  alt = '',
  loading,
  radius = 'md',
  className,
}: CoverArtProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (loading) return <Skeleton style={style} radius={radius} className={className} />;
  if (!src || failed === src) {
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
      src={src}
      alt={alt}
      className={`${classes.cover} ${className ?? ''}`}
      style={style}
      data-radius={radius}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
