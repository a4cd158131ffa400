import { Alert, Avatar, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { openLoginModal, useLoginModalState } from '@/features/auth/login-modal-store';
import type { PromotionWinner } from '@/generated/PromotionWinner';
import { LOAD_ERROR } from '@/lib/messages';
import { useSession, useSessionStatus } from '@/lib/session';
import { initialsOf } from '@/lib/text';
import { winnersQueryOptions } from './api/promotions-api';
import { PanelLoader } from './AnswerPanel';
import { Notice } from './Notice';
import { formatDate, NO_WINNERS_TEXT, WINNERS_LOGIN_TEXT } from './promotions';
import classes from './Promotions.module.css';

/** The winners (doc2 §3, §8; C12; PR-15): for logged-in visitors only. */
export function WinnersPanel({ promotionId }: { promotionId: number }) {
  const session = useSession();
  const status = useSessionStatus();
  const loginOpen = useLoginModalState().opened;
  if (status === 'unknown') return <PanelLoader />;
  if (!session) {
    // While the login modal is open, the message is its notice.
    return loginOpen ? null : (
      <Notice icon={IconLogin} text={WINNERS_LOGIN_TEXT} data-testid="winners-login">
        <Button
          leftSection={<IconLogin size={16} aria-hidden />}
          onClick={() => openLoginModal('login', { notice: WINNERS_LOGIN_TEXT })}
        >
          Entrar
        </Button>
      </Notice>
    );
  }
  return <WinnersList promotionId={promotionId} userId={session.user.userId} />;
}

function WinnersList({ promotionId, userId }: { promotionId: number; userId: number }) {
  const winners = useQuery(winnersQueryOptions(promotionId, userId));
  if (winners.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando ganhadores">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (winners.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {LOAD_ERROR}
        <Button
          display="block"
          mt="sm"
          variant="light"
          color="red"
          size="compact-sm"
          onClick={() => void winners.refetch()}
        >
          Tentar de novo
        </Button>
      </Alert>
    );
  }
  if (winners.data.length === 0) {
    return (
      <Notice icon={IconMoodEmpty} color="gray" text={NO_WINNERS_TEXT} data-testid="no-winners" />
    );
  }
  return (
    <ol className={classes.winners} aria-label="Ganhadores" data-testid="winners">
      {winners.data.map((winner, index) => (
        <WinnerRow key={`${index}-${winner.tx_nome}-${winner.tx_sobrenome}`} winner={winner} />
      ))}
    </ol>
  );
}

function WinnerRow({ winner }: { winner: PromotionWinner }) {
  const name = `${winner.tx_nome} ${winner.tx_sobrenome}`.trim();
  const place = [winner.tx_cidade, winner.sg_estado].filter(Boolean).join('/');
  const date = formatDate(winner.dt_vencedor);
  return (
    <li className={classes.winner}>
      <Avatar color="onda" radius="xl" size={44} aria-hidden>
        {initialsOf(winner.tx_nome, winner.tx_sobrenome)}
      </Avatar>
      <div>
        <Text className={classes.winnerName}>{name}</Text>
        <Text size="sm" c="dimmed">
          {place}
          {place && date && ' · '}
          {date && <time dateTime={winner.dt_vencedor}>{date}</time>}
        </Text>
      </div>
    </li>
  );
}
