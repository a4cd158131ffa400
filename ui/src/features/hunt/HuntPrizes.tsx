import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconGift, IconGiftOff, IconTreasureChest, type Icon } from '@tabler/icons-react';
import type { HuntInfo } from '@/generated/HuntInfo';
import type { HuntPrize } from '@/generated/HuntPrize';
import { ChestArt } from './ChestArt';
import { HUNT_TEXTS, PRIZE_LEVELS, prizeLevel, type PrizeLevel } from './hunt-texts';
import classes from './TreasureHuntPage.module.css';

const LEVEL_ICONS: Record<PrizeLevel, Icon> = {
  4: IconTreasureChest,
  3: IconTreasureChest,
  2: IconGift,
  1: IconGift,
  0: IconGiftOff,
};

/**
 * A prize's icon (doc3 §2.8; G19): five states by the share left — a full gold chest, an amber
 * chest, an orange gift, a pulsing raspberry gift ('Últimas unidades') and a grey, crossed-out
 * gift ('Esgotado') — with a four-step gauge and a label, so colour is never the only cue.
 */
export function PrizeLevelIcon({ icon }: { icon: number }) {
  const level = prizeLevel(icon);
  const { label, detail } = PRIZE_LEVELS[level];
  const Glyph = LEVEL_ICONS[level];
  return (
    <div className={classes.level} data-level={level}>
      <span
        role="img"
        aria-label={`Disponibilidade: ${label} (${detail})`}
        className={classes.levelIcon}
        data-level={level}
        data-testid="hunt-prize-icon"
      >
        <Glyph size={26} stroke={1.8} aria-hidden />
      </span>
      <div className={classes.levelText} aria-hidden>
        <span className={classes.levelGauge}>
          {[1, 2, 3, 4].map((step) => (
            <span key={step} data-on={step <= level || undefined} />
          ))}
        </span>
        <span className={classes.levelLabel}>{label}</span>
      </div>
    </div>
  );
}

function PrizeCard({ prize }: { prize: HuntPrize }) {
  const name = prize.prizeName || prize.tx_nome;
  const level = prizeLevel(prize.prizeIcon);
  return (
    <Paper
      withBorder
      component="article"
      className={classes.prizeCard}
      data-level={level}
      data-testid="hunt-prize"
    >
      <div className={classes.prizeMedia}>
        {prize.prizeImage ? (
          <img src={prize.prizeImage} alt="" loading="lazy" className={classes.prizePicture} />
        ) : (
          <ChestArt size={120} />
        )}
      </div>
      <div className={classes.prizeBody}>
        <Title order={3} className={classes.prizeTitle}>
          {name}
        </Title>
        {prize.prizeDescription && (
          <Text size="sm" c="dimmed">
            {prize.prizeDescription}
          </Text>
        )}
        <Text size="sm" className={classes.prizeQuantity}>
          Quantidade total: <strong>{prize.numberTotalPrize}</strong>
        </Text>
        <PrizeLevelIcon icon={prize.prizeIcon} />
      </div>
    </Paper>
  );
}

/** The prizes tab (doc3 §2.8; HT-04, HT-05): the totals, then every prize; or 'Não há prêmios…'. */
export function HuntPrizes({ hunt }: { hunt: HuntInfo }) {
  if (hunt.prizes.length === 0) {
    return (
      <Paper withBorder className={classes.noPrizes} data-testid="hunt-no-prizes">
        <ChestArt size={96} />
        <Text fw={700} size="lg">
          {HUNT_TEXTS.noPrizes}
        </Text>
      </Paper>
    );
  }
  const left = Math.max(0, hunt.totalPrizes - hunt.prizesWon);
  return (
    <>
      <dl className={classes.totals} data-testid="hunt-totals">
        <div className={classes.total}>
          <dt>Prêmios no total</dt>
          <dd data-testid="hunt-total-prizes">{hunt.totalPrizes}</dd>
        </div>
        <div className={classes.total}>
          <dt>Prêmios ganhos</dt>
          <dd data-testid="hunt-prizes-won">{hunt.prizesWon}</dd>
        </div>
        <div className={classes.total} data-highlight>
          <dt>Ainda no baú</dt>
          <dd>{left}</dd>
        </div>
      </dl>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {hunt.prizes.map((prize) => (
          <PrizeCard key={prize.id} prize={prize} />
        ))}
      </SimpleGrid>
    </>
  );
}
