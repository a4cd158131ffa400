import { useEffect, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { startVersionCheck } from '../../lib/version-check';
import classes from './UpdateBar.module.css';

export const UPDATE_BAR_TEXT = 'Atualização da página disponível, recarregue ou clique aqui!';

export interface UpdateBarProps {
  /** Replaces the real check (tests). */
  start?: typeof startVersionCheck;
  reload?: () => void;
}

/** The bar that appears when a new build of the site is online; clicking reloads the page. */
export function UpdateBar({ start = startVersionCheck, reload }: UpdateBarProps) {
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
