import { Suspense, useState } from 'react';
import { Button, CloseButton, Container, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useLocation } from '@/lib/router';
import { huntInfoQueryOptions } from './api/hunt-api';
import { PartBoundary } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import { HUNT_PATH } from './hunt-constants';
import classes from './HuntOverlays.module.css';

/** The chest drawing (4 kB) comes after the banner's first frame, into a box of its size (CSS). */
const ChestArt = lazyNamed(() => import('./ChestArt'), 'ChestArt');
const CHEST_SIZE = 44;

/**
 * The hunt banner (doc3 §2.7, §4.4): on every page but the hunt's own while a hunt is active, with
 * the hunt's message, a link to the hunt page and a dismiss button. C29: the dismissal is kept only
 * for this visit (no cookie), so the banner is back after a reload.
 */
export function HuntBanner() {
  const { pathname } = useLocation();
  const { data: hunt } = useQuery(huntInfoQueryOptions());
  const [dismissed, setDismissed] = useState(false);

  if (dismissed || !hunt || pathname === HUNT_PATH) return null;
  const message = hunt.bannerMessage || hunt.banner_message || hunt.tx_titulo;

  return (
    <aside className={classes.banner} aria-label="Caça ao tesouro" data-testid="hunt-banner">
      <Container className={classes.bannerInner}>
        <span className={classes.bannerChest}>
          <PartBoundary>
            <Suspense fallback={null}>
              <ChestArt size={CHEST_SIZE} />
            </Suspense>
          </PartBoundary>
        </span>
        <Text className={classes.bannerText}>{message}</Text>
        <Button
          component={Link}
          to={HUNT_PATH}
          size="compact-sm"
          className={classes.bannerCta}
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          Participar
        </Button>
        <CloseButton
          className={classes.bannerClose}
          aria-label="Fechar o aviso da caça ao tesouro"
          onClick={() => setDismissed(true)}
        />
      </Container>
    </aside>
  );
}
