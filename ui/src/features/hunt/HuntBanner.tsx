import { useState } from 'react';
import { Button, CloseButton, Container, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { huntInfoQueryOptions } from './api/hunt-api';
import { ChestArt } from './ChestArt';
import { HUNT_PATH } from './hunt-texts';
import classes from './HuntOverlays.module.css';

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
        <ChestArt size={44} className={classes.bannerChest} />
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
