import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowsShuffle, IconMailCheck, IconMailExclamation } from '@tabler/icons-react';
import { formatCount, formatDay } from '@/features/backoffice/format';
import type { DrawResult } from '@/generated/DrawResult';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import type { StaffWinner } from '@/generated/StaffWinner';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDraw } from '../api/promotions-api';
import { cityText } from '../format';
import { PROMO_MESSAGES } from '../messages';
import classes from '../Promotions.module.css';
import shared from '@/features/backoffice/Backoffice.module.css';

/**
 * 'Sorteio': once the promotion is closed, how many winners, 'Sortear' behind a confirmation, then
 * the draw's number and seed (what `onda-server admin verify-draw` needs to repeat it) and every
 * winner with whether their e-mail went out. Before the end, only why it is not there yet.
 */
export function DrawPanel({ userId, draft }: { userId: number; draft: PromotionDraft }) {
  const [count, setCount] = useState<number | string>(1);
  const [countError, setCountError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const draw = useDraw(userId, draft.id);
  const closed = draft.status === 'closed';
  const winners = result?.winners ?? draft.winners;

  const ask = () => {
    const wanted = typeof count === 'number' ? count : Number(count);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > limits.DRAW_MAX) {
      setCountError(messages.DRAW_COUNT);
      return;
    }
    setConfirming(true);
  };

  const run = () => {
    draw.mutate(Number(count), {
      onSuccess: (done) => {
        setConfirming(false);
        setResult(done);
        toast.success(PROMO_MESSAGES.drawDone);
      },
      onError: (error) => {
        setConfirming(false);
        // 409 DRAW_OPEN / DRAW_EMPTY and 400 DRAW_COUNT are the server's sentences.
        toast.error(
          error instanceof ApiError && (error.code === 409 || error.code === 400)
            ? error.message
            : PROMO_MESSAGES.drawError,
        );
      },
    });
  };

  return (
    <section className={shared.panel} aria-labelledby="draw-title" data-testid="draw-panel">
      <Text component="h2" id="draw-title" className={shared.panelTitle} mb="md">
        {PROMO_MESSAGES.drawTitle}
      </Text>
      {closed ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={PROMO_MESSAGES.drawCount}
            min={1}
            max={limits.DRAW_MAX}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={count}
            onChange={(value) => {
              setCount(value);
              setCountError(null);
            }}
            error={countError}
            w={180}
          />
          <Button
            leftSection={<IconArrowsShuffle size={16} aria-hidden />}
            onClick={ask}
            loading={draw.isPending}
          >
            {PROMO_MESSAGES.draw}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="draw-later">
          {PROMO_MESSAGES.drawLater}
        </Text>
      )}
      {result && (
        <Text size="sm" fw={600} mt="md" data-testid="draw-result" aria-live="polite">
          Sorteio nº {result.drawId} · semente {result.seed}
          <Text span c="dimmed" fw={400}>
            {' '}
            · {formatCount(result.participants)} {PROMO_MESSAGES.participants}
          </Text>
        </Text>
      )}
      {(closed || winners.length > 0) && <Winners winners={winners} />}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={PROMO_MESSAGES.drawConfirmTitle}
        centered
      >
        <Text size="sm">
          {`Sortear ${count} ${Number(count) === 1 ? 'ganhador' : 'ganhadores'} entre ${formatCount(draft.participants)} ${PROMO_MESSAGES.participants}. Quem já ganhou fica de fora, e cada ganhador recebe um e-mail.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {PROMO_MESSAGES.cancel}
          </Button>
          <Button
            loading={draw.isPending}
            leftSection={<IconArrowsShuffle size={16} aria-hidden />}
            onClick={run}
            data-testid="confirm-draw"
          >
            {PROMO_MESSAGES.draw}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}

function Winners({ winners }: { winners: StaffWinner[] }) {
  if (winners.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="md">
        {PROMO_MESSAGES.noWinners}
      </Text>
    );
  return (
    <Stack gap={0} mt="md">
      <Text component="h3" size="sm" fw={700} mb="xs">
        {PROMO_MESSAGES.winners} ({winners.length})
      </Text>
      <ul className={classes.winners} data-testid="winners">
        {winners.map((winner, index) => (
          <li key={`${winner.email}-${winner.wonOn}-${index}`} className={classes.winner}>
            <div className={classes.winnerMain}>
              <Text size="sm" fw={700}>
                {winner.name}
              </Text>
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {[winner.email, cityText(winner.city, winner.uf), formatDay(winner.wonOn)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            {winner.mailed ? (
              <Badge
                color="teal"
                variant="light"
                radius="sm"
                leftSection={<IconMailCheck size={12} aria-hidden />}
              >
                {PROMO_MESSAGES.mailed}
              </Badge>
            ) : (
              <Badge
                color="orange"
                variant="light"
                radius="sm"
                leftSection={<IconMailExclamation size={12} aria-hidden />}
              >
                {PROMO_MESSAGES.notMailed}
              </Badge>
            )}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
