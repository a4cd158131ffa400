import { useState } from 'react';
import { ThemeIcon } from '@mantine/core';
import { IconRadio } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useAppParameters } from '@/lib/app-parameters';
import { useStationName } from '@/lib/station';
import classes from './Header.module.css';

export interface LogoProps {
  /** On a dark background (the footer): the artwork, drawn for light ones, gets a light plate. */
  onDark?: boolean;
}

/**
 * The station logo from the app parameters, linking home; the station name when there is no image.
 * The header's and the footer's.
 */
export function Logo({ onDark = false }: LogoProps) {
  const name = useStationName();
  const { data } = useAppParameters();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = data?.logo.url;
  const showImage = Boolean(url) && failedUrl !== url;

  return (
    <Link
      to="/"
      className={classes.logo}
      aria-label={`${name}: página inicial`}
      data-on-dark={onDark || undefined}
    >
      {showImage ? (
        <img
          src={url}
          alt={data?.logo.alt || name}
          // Its own size, when the server knows it: the header keeps the logo's room before the
          // picture arrives (the stylesheet sets the height, the width follows the proportion).
          width={data?.logo.width}
          height={data?.logo.height}
          className={classes.logoImage}
          onError={() => setFailedUrl(url ?? null)}
        />
      ) : (
        <span className={classes.logoText} data-testid="logo-text">
          <ThemeIcon variant="gradient" radius="xl" size={36} aria-hidden>
            <IconRadio size={20} />
          </ThemeIcon>
          <span>{name}</span>
        </span>
      )}
    </Link>
  );
}
