import { useId } from 'react';
import { ActionIcon, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { RATING_DISLIKE, RATING_LIKE } from '@/lib/constants';
import { useRatingControls } from '../hooks';
import { RATING_TEXT } from '../messages';
import classes from './Player.module.css';

export interface RatingButtonsProps {
  /** 'icons' for the bar, 'labels' for the live page (icon + text). */
  variant: 'icons' | 'labels';
  /** Prefix of the data-testids: `${testId}-like` and `${testId}-dislike`. */
  testId: string;
}

/**
 * Like / dislike of the song on air (doc1 §4 "Rating"). Disabled unless the rule allows a vote; a
 * stored vote disables both with the title 'Você já votou' and marks the chosen one. Disabled
 * controls say why: in their title and in a hint they are described by, shown under
 * the labelled buttons and read out for the bar's icons (`${testId}-hint`).
 */
export function RatingButtons({ variant, testId }: RatingButtonsProps) {
  const { enabled, reason, rated, rating, inFlight, rate } = useRatingControls();
  const hintId = useId();
  const title = reason ?? (rated ? RATING_TEXT.alreadyRatedTitle : undefined);
  const describedBy = reason ? hintId : undefined;
  const buttons = [
    {
      value: RATING_LIKE,
      label: RATING_TEXT.like,
      Icon: rating === RATING_LIKE ? IconThumbUpFilled : IconThumbUp,
      suffix: 'like',
    },
    {
      value: RATING_DISLIKE,
      label: RATING_TEXT.dislike,
      Icon: rating === RATING_DISLIKE ? IconThumbDownFilled : IconThumbDown,
      suffix: 'dislike',
    },
  ] as const;

  const group = (
    <Group gap={variant === 'icons' ? 2 : 'xs'} wrap="nowrap" aria-busy={inFlight || undefined}>
      {buttons.map(({ value, label, Icon, suffix }) =>
        variant === 'icons' ? (
          <ActionIcon
            key={suffix}
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            title={title ?? label}
            aria-describedby={describedBy}
            aria-pressed={rating === value}
            disabled={!enabled}
            onClick={() => rate(value)}
            className={classes.rateIcon}
            data-testid={`${testId}-${suffix}`}
          >
            <Icon size={20} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            key={suffix}
            variant={rating === value ? 'light' : 'default'}
            radius="xl"
            leftSection={<Icon size={18} aria-hidden />}
            title={title}
            aria-describedby={describedBy}
            aria-pressed={rating === value}
            disabled={!enabled}
            onClick={() => rate(value)}
            data-testid={`${testId}-${suffix}`}
          >
            {label}
          </Button>
        ),
      )}
      {reason && variant === 'icons' && (
        <VisuallyHidden id={hintId} data-testid={`${testId}-hint`}>
          {reason}
        </VisuallyHidden>
      )}
    </Group>
  );
  if (variant === 'icons') return group;
  // One shape whether or not there is a hint: a vote must not remount the button just pressed.
  return (
    <Stack gap={4} align="flex-start">
      {group}
      {reason && (
        <Text id={hintId} size="xs" c="dimmed" data-testid={`${testId}-hint`}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}
