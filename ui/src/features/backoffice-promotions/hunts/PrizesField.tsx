import { ActionIcon, Button, Group, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { HuntPrizeState } from '@/generated/HuntPrizeState';
import { limits, messages } from '@/generated/validation-rules';
import { formatCount } from '@/features/backoffice/format';
import { Counter } from '@/features/backoffice/editor/EditorParts';
import { ImageField } from '@/features/backoffice/fields/ImageField';
import { PROMO_IMAGES } from '../api/promotions-api';
import { PROMO_MESSAGES } from '../messages';
import {
  emptyPrize,
  stockOf,
  type HuntErrors,
  type PrizeField,
  type PrizeValues,
} from './hunt-form';
import classes from '../Promotions.module.css';
import shared from '@/features/backoffice/Backoffice.module.css';

export interface PrizesFieldProps {
  prizes: PrizeValues[];
  /** The loaded hunt's stock ([] for a new hunt). */
  stock: HuntPrizeState[];
  errors: HuntErrors['prizes'];
  /** The list's own problem (none, too many, a server refusal about a prize). */
  listError?: string;
  onChange: (prizes: PrizeValues[]) => void;
  /** Clears a prize field's message once it is edited. */
  onFieldEdit: (key: string, field: PrizeField) => void;
}

/**
 * The prizes, in the order the hunt hands them out: each with its name, description, picture and
 * stock, moved up or down with buttons (keyboard-friendly, unlike dragging), removed unless it has
 * been won (the server refuses that; the row says why instead). Stored prizes show what is won and
 * left.
 */
export function PrizesField({
  prizes,
  stock,
  errors,
  listError,
  onChange,
  onFieldEdit,
}: PrizesFieldProps) {
  const update = (key: string, patch: Partial<PrizeValues>) => {
    onChange(prizes.map((prize) => (prize.key === key ? { ...prize, ...patch } : prize)));
    for (const field of Object.keys(patch) as PrizeField[]) onFieldEdit(key, field);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...prizes];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    onChange(next);
  };
  const full = prizes.length >= limits.HUNT_PRIZES_MAX;

  return (
    <section aria-labelledby="prizes-title" data-testid="prizes-field">
      <Group justify="space-between" mb="sm">
        <Text component="h2" id="prizes-title" className={shared.panelTitle}>
          {PROMO_MESSAGES.prizes} ({prizes.length})
        </Text>
      </Group>
      {listError && (
        <Text size="sm" c="red.7" mb="sm" role="alert" data-testid="prizes-error">
          {listError}
        </Text>
      )}
      <ol className={classes.prizes}>
        {prizes.map((prize, index) => {
          const state = stockOf(prize, stock);
          const won = state?.won ?? 0;
          const rowErrors = errors[prize.key] ?? {};
          const number = index + 1;
          const hintId = `prize-${prize.key}-won`;
          return (
            <li key={prize.key} className={classes.prize} data-testid={`prize-${index}`}>
              <fieldset className={shared.fieldset}>
                <legend className={shared.legend}>
                  {prize.name.trim() || PROMO_MESSAGES.newPrize} · {number}
                </legend>
                {state && (
                  <Text size="xs" c="dimmed" data-testid="prize-stock">
                    ganhos {formatCount(state.won)} · restam {formatCount(state.remainingQuantity)}
                  </Text>
                )}
                <TextInput
                  label={PROMO_MESSAGES.prizeName}
                  value={prize.name}
                  onChange={(event) => update(prize.key, { name: event.currentTarget.value })}
                  error={rowErrors.name}
                  required
                  rightSection={<Counter text={prize.name} max={limits.HUNT_PRIZE_NAME_MAX} />}
                  rightSectionWidth={72}
                />
                <Textarea
                  label={PROMO_MESSAGES.prizeDescription}
                  value={prize.description}
                  onChange={(event) =>
                    update(prize.key, { description: event.currentTarget.value })
                  }
                  error={rowErrors.description}
                  autosize
                  minRows={2}
                  maxRows={5}
                />
                <ImageField
                  label={PROMO_MESSAGES.prizeImage}
                  value={prize.imageUrl}
                  onChange={(url) => update(prize.key, { imageUrl: url })}
                  error={rowErrors.imageUrl}
                  uploads={PROMO_IMAGES}
                />
                <NumberInput
                  label={PROMO_MESSAGES.prizeQuantity}
                  value={prize.totalQuantity}
                  onChange={(value) => update(prize.key, { totalQuantity: value })}
                  error={rowErrors.totalQuantity}
                  min={0}
                  max={limits.HUNT_PRIZE_QUANTITY_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator="."
                  decimalSeparator=","
                  required
                  w={200}
                />
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`${PROMO_MESSAGES.moveUp}: prêmio ${number}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`${PROMO_MESSAGES.moveDown}: prêmio ${number}`}
                      disabled={index === prizes.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    disabled={won > 0}
                    aria-describedby={won > 0 ? hintId : undefined}
                    aria-label={`${PROMO_MESSAGES.removePrize} ${number}`}
                    onClick={() => onChange(prizes.filter((other) => other.key !== prize.key))}
                  >
                    {PROMO_MESSAGES.removePrize}
                  </Button>
                </Group>
                {won > 0 && (
                  <Text size="xs" c="dimmed" id={hintId} data-testid="prize-won-hint">
                    {messages.HUNT_PRIZE_WON}
                  </Text>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onChange([...prizes, emptyPrize()])}
        disabled={full}
        mt="sm"
      >
        {PROMO_MESSAGES.addPrize}
      </Button>
    </section>
  );
}
