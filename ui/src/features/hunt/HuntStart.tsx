import { useEffect, useState } from 'react';
import { Button, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconCalendarEvent,
  IconGift,
  IconMapSearch,
  IconTreasureChest,
  IconTrophy,
  IconUserCheck,
} from '@tabler/icons-react';
import { useNavigate } from '@/lib/router';
import { openLoginModal } from '@/features/auth/login-modal-store';
import type { HuntInfo } from '@/generated/HuntInfo';
import { useSession, useSessionStatus } from '@/lib/session';
import { huntStatusQueryOptions } from './api/hunt-api';
import { ChestArt } from './ChestArt';
import { CompleteRegistrationModal } from './CompleteRegistrationModal';
import { getHuntState, setPendingWin, useHuntState } from './hunt-store';
import { HUNT_START_PATH } from './hunt-constants';
import { formatHuntDate, HUNT_TEXTS } from './hunt-texts';
import { HuntShareButtons } from './HuntShareButtons';
import classes from './TreasureHuntPage.module.css';

const STEPS = [
  {
    icon: IconUserCheck,
    title: 'Entre e complete seu cadastro',
    text: 'Participa quem está logado e tem o cadastro completo no site.',
  },
  {
    icon: IconMapSearch,
    title: 'Navegue pelo site',
    text: 'Ouça a rádio, leia as notícias, explore as páginas: cada página é uma nova chance.',
  },
  {
    icon: IconTreasureChest,
    title: 'Achou o baú? Clique nele!',
    text: 'O prêmio é seu. Compartilhe a conquista com os amigos para voltar a caçar.',
  },
] as const;

/**
 * The logged-in player's standing (`checkHuntAndPrizes`, G18): a chest waiting, a prize to share
 * before hunting again, or the prizes won so far. A prize pending on the server also pauses the
 * page views of this visit (the engine reads the same store).
 */
function PlayerStatus({ userId }: { userId: number }) {
  const { data: status } = useQuery(huntStatusQueryOptions(userId));
  const { win } = useHuntState();
  const pending = win ?? status?.pendingPrize ?? null;

  useEffect(() => {
    const prize = status?.pendingPrize;
    if (prize && !getHuntState().win) setPendingWin(prize);
  }, [status?.pendingPrize]);

  if (pending?.status === 'reserved') {
    return (
      <Paper className={classes.status} data-testid="hunt-player-status">
        <ThemeIcon size={40} radius="xl" color="yellow" variant="light" aria-hidden>
          <IconTreasureChest size={22} />
        </ThemeIcon>
        <Text fw={600}>
          Tem um baú esperando por você! Clique no baú, no canto da tela, para abrir o seu prêmio.
        </Text>
      </Paper>
    );
  }
  if (pending?.status === 'opened') {
    const name = pending.prizeName || pending.tx_nome;
    return (
      <Paper className={classes.status} data-stack data-testid="hunt-player-status">
        <Text fw={600}>
          Você ganhou <strong>{name}</strong>! Compartilhe a conquista para voltar a caçar.
        </Text>
        <HuntShareButtons prizeName={name} />
      </Paper>
    );
  }
  if (status && status.prizesWon > 0) {
    return (
      <Paper className={classes.status} data-testid="hunt-player-status">
        <ThemeIcon size={40} radius="xl" color="yellow" variant="light" aria-hidden>
          <IconTrophy size={22} />
        </ThemeIcon>
        <Text fw={600}>
          {status.prizesWon === 1
            ? 'Você já ganhou 1 prêmio nesta caça.'
            : `Você já ganhou ${status.prizesWon} prêmios nesta caça.`}{' '}
          Continue navegando: o próximo baú pode estar na próxima página.
        </Text>
      </Paper>
    );
  }
  return null;
}

/**
 * The start tab (doc3 §2.8; C31, G14; HT-03): the hunt's description and the start button —
 * anonymous → login modal; incomplete registration → the profile modal; complete → the live page.
 */
export function HuntStart({ hunt }: { hunt: HuntInfo }) {
  const session = useSession();
  const sessionStatus = useSessionStatus();
  const navigate = useNavigate();
  const [profileModal, setProfileModal] = useState(false);
  const userId = session?.user.userId ?? null;
  const status = useQuery({
    ...huntStatusQueryOptions(userId ?? 0),
    enabled: userId !== null,
  });
  const ends = formatHuntDate(hunt.huntEndDate || hunt.dt_fim);

  const start = () => {
    if (!session) {
      openLoginModal('login', { notice: HUNT_TEXTS.loginNotice });
      return;
    }
    const complete =
      session.user.registrationComplete ?? status.data?.registrationComplete ?? false;
    if (complete) void navigate(HUNT_START_PATH);
    else setProfileModal(true);
  };

  return (
    <>
      <section className={classes.hero} aria-labelledby="caca-inicio-titulo">
        <div className={classes.heroText}>
          {ends && (
            <span className={classes.heroBadge}>
              <IconCalendarEvent size={16} aria-hidden />
              Até {ends}
            </span>
          )}
          <Title order={2} id="caca-inicio-titulo" className={classes.heroTitle}>
            Encontre o baú e ganhe prêmios
          </Title>
          {hunt.tx_descricao && <Text className={classes.heroLead}>{hunt.tx_descricao}</Text>}
          <div className={classes.heroStats}>
            <span>
              <IconGift size={18} aria-hidden />
              {hunt.totalPrizes} {hunt.totalPrizes === 1 ? 'prêmio' : 'prêmios'}
            </span>
            <span>
              <IconTrophy size={18} aria-hidden />
              {hunt.prizesWon} já {hunt.prizesWon === 1 ? 'encontrado' : 'encontrados'}
            </span>
          </div>
          <Button
            size="lg"
            className={classes.startButton}
            onClick={start}
            loading={sessionStatus === 'unknown'}
            data-testid="hunt-start"
          >
            Começar a caçar
          </Button>
        </div>
        <div className={classes.heroArt} aria-hidden>
          <ChestArt size={220} className={classes.heroChest} />
        </div>
      </section>

      {userId !== null && <PlayerStatus userId={userId} />}

      <section aria-labelledby="caca-como-funciona" className={classes.steps}>
        <Title order={2} id="caca-como-funciona" className={classes.sectionTitle}>
          Como funciona
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {STEPS.map(({ icon: StepIcon, title, text }, index) => (
            <Paper key={title} withBorder className={classes.step}>
              <span className={classes.stepNumber} aria-hidden>
                {index + 1}
              </span>
              <ThemeIcon size={48} radius="xl" variant="gradient" aria-hidden>
                <StepIcon size={26} />
              </ThemeIcon>
              <Text fw={800} mt="sm">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <CompleteRegistrationModal opened={profileModal} onClose={() => setProfileModal(false)} />
    </>
  );
}
