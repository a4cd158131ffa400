import { useEffect, useRef, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '@/features/auth/messages';
import { toast } from '@/lib/toast';
import { HUNT_STATUS_KEY, huntApi } from './api/hunt-api';
import { ChestArt } from './ChestArt';
import { showPrize, useHuntState } from './hunt-store';
import { CHEST_SHAKE_INTERVAL_MS, CHEST_SHAKE_MS } from './hunt-constants';
import { HUNT_TEXTS } from './hunt-texts';
import classes from './HuntOverlays.module.css';

/** True for {@link CHEST_SHAKE_MS} every {@link CHEST_SHAKE_INTERVAL_MS} (doc3 §4.4, §9). */
function useShake(): boolean {
  const [shaking, setShaking] = useState(false);
  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setShaking(true);
      settle = setTimeout(() => setShaking(false), CHEST_SHAKE_MS);
    }, CHEST_SHAKE_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(settle);
    };
  }, []);
  return shaking;
}

function ClosedChest() {
  const shaking = useShake();
  const queryClient = useQueryClient();
  const errorToast = useRef<string | null>(null);

  const open = useMutation({
    mutationFn: huntApi.changeLogStatusAndSendMail,
    onSuccess: (opened) => {
      if (errorToast.current) toast.hide(errorToast.current);
      showPrize(opened);
      void queryClient.invalidateQueries({ queryKey: HUNT_STATUS_KEY });
    },
    onError: (error) => {
      // A 401 ends the session (and the chest with it); anything else: click again (doc3 §8).
      if (isUnauthorized(error)) return;
      if (errorToast.current) toast.hide(errorToast.current);
      errorToast.current = toast.error(HUNT_TEXTS.openFailed);
    },
  });

  return (
    <div className={classes.chestDock}>
      <UnstyledButton
        className={classes.chest}
        data-shaking={shaking || undefined}
        data-testid="hunt-chest"
        aria-label={open.isPending ? HUNT_TEXTS.chestOpening : HUNT_TEXTS.chestLabel}
        aria-busy={open.isPending || undefined}
        onClick={() => {
          if (!open.isPending) open.mutate();
        }}
      >
        <ChestArt size={88} className={classes.chestArt} />
        <span className={classes.chestHint} aria-hidden>
          Abra o baú!
        </span>
      </UnstyledButton>
    </div>
  );
}

/**
 * The closed chest (doc3 §2.7, §4.4; HT-07, HT-09): fixed above the player bar while a prize waits
 * to be opened, shaking every 3 s. A click opens it (`changeLogStatusAndSendMail`, which also sends
 * the prize's e-mail) and shows the prize modal; a failure says so and leaves the chest in place.
 */
export function HuntChest() {
  const { win } = useHuntState();
  if (win?.status !== 'reserved') return null;
  return <ClosedChest key={win.idLog} />;
}
