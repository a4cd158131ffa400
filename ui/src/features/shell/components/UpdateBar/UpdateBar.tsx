import { useEffect, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { VersionCheckOptions } from '../../lib/version-check';
import classes from './UpdateBar.module.css';

export const UPDATE_BAR_TEXT = 'Atualização da página disponível, recarregue ou clique aqui!';

type StartCheck = (options: VersionCheckOptions) => () => void;

/**
 * The real check, its module fetched after the app has started rather than with it
 * (initial JavaScript): it reads nothing before UPDATE_CHECK_REFERENCE_DELAY_MS anyway.
 */
const startVersionCheckLater: StartCheck = (options) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  import('../../lib/version-check')
    .then(({ startVersionCheck }) => {
      if (!stopped) stop = startVersionCheck(options);
    })
    // Offline at start: no check this visit (a reload fetches the current build anyway).
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop?.();
  };
};

export interface UpdateBarProps {
  /** Replaces the real check (tests). */
  start?: StartCheck;
  reload?: () => void;
}

/** The bar that appears when a new build of the site is online; clicking reloads the page. */
export function UpdateBar({ start = startVersionCheckLater, reload }: UpdateBarProps) {
  const [available, setAvailable] = useState(false);

  useEffect(() => start({ onUpdate: () => setAvailable(true) }), [start]);

  if (!available) return null;
  return (
    <div className={classes.bar} role="status">
      <UnstyledButton
        className={classes.button}
        onClick={() => (reload ? reload() : window.location.reload())}
      >
        <IconRefresh size={16} aria-hidden />
        <span>{UPDATE_BAR_TEXT}</span>
      </UnstyledButton>
    </div>
  );
}
