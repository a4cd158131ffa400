import { useState } from 'react';
import { ActionIcon, Group, Input, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { CAT_MESSAGES } from '../messages';
import { ReferenceSelect } from './ReferenceSelect';
import classes from '../Catalogue.module.css';

/** The collection a song list picks from. */
export const SONGS_COLLECTION = 'songs';

export interface SongListFieldProps {
  userId: number;
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  /** The most songs ('max' of the field). */
  max: number;
  ids: number[];
  /** The titles of `ids`, in the same order. */
  titles: string[];
  onChange: (ids: number[], titles: string[]) => void;
}

/**
 * An ordered list of songs (a top-10 list): each row numbered, with up, down and remove buttons;
 * the same searchable picker as a reference field adds one at the end, up to the field's max.
 */
export function SongListField({
  userId,
  label,
  description,
  required,
  error,
  max,
  ids,
  titles,
  onChange,
}: SongListFieldProps) {
  // Bumped after each pick: a fresh picker, its search cleared.
  const [picks, setPicks] = useState(0);
  const titleOf = (index: number) => titles[index] ?? `#${ids[index]}`;

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    const nextIds = [...ids];
    const nextTitles = ids.map((_, at) => titleOf(at));
    [nextIds[index], nextIds[target]] = [nextIds[target] as number, nextIds[index] as number];
    [nextTitles[index], nextTitles[target]] = [
      nextTitles[target] as string,
      nextTitles[index] as string,
    ];
    onChange(nextIds, nextTitles);
  };

  const remove = (index: number) =>
    onChange(
      ids.filter((_, at) => at !== index),
      ids.map((_, at) => titleOf(at)).filter((_, at) => at !== index),
    );

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      required={required}
      error={error}
    >
      {ids.length === 0 ? (
        <Text size="sm" c="dimmed" my="xs">
          {CAT_MESSAGES.noSongs}
        </Text>
      ) : (
        <ol className={classes.rows} aria-label={label} data-testid="song-list">
          {ids.map((id, index) => (
            <li key={id} className={classes.row}>
              <Text span fw={700} className={classes.rank} aria-hidden>
                {index + 1}
              </Text>
              <Text span size="sm" className={classes.rowText}>
                {titleOf(index)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${CAT_MESSAGES.songUp}: ${titleOf(index)}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${CAT_MESSAGES.songDown}: ${titleOf(index)}`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${CAT_MESSAGES.removeSong}: ${titleOf(index)}`}
                  onClick={() => remove(index)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
      )}
      {ids.length < max && (
        <ReferenceSelect
          key={picks}
          userId={userId}
          collection={SONGS_COLLECTION}
          label={CAT_MESSAGES.addSong}
          placeholder={CAT_MESSAGES.searchSong}
          value={null}
          valueLabel=""
          onChange={(id, title) => {
            if (id === null) return;
            setPicks((count) => count + 1);
            if (ids.includes(id)) return;
            onChange([...ids, id], [...ids.map((_, at) => titleOf(at)), title]);
          }}
          data-testid="song-picker"
        />
      )}
    </Input.Wrapper>
  );
}
