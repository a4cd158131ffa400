/**
 * The sentence of the day above the footer of the home page (G34). The server sends 'text — author';
 * the author goes to the caption. Without a sentence (none stored, or the call failed) the band is
 * not shown: it is an ornament, not something to retry.
 */
import { Skeleton, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDrawnLater } from '@/lib/drawn-later';
import { sentenceQueryOptions } from './api/sentence-api';
import classes from './DaySentence.module.css';

const AUTHOR_SEPARATOR = ' — ';

/** 'Sem música, a vida seria um erro. — Nietzsche' → text and author ('' when there is none). */
function splitSentence(sentence: string): { text: string; author: string } {
  const at = sentence.lastIndexOf(AUTHOR_SEPARATOR);
  if (at <= 0) return { text: sentence.trim(), author: '' };
  return {
    text: sentence.slice(0, at).trim(),
    author: sentence.slice(at + AUTHOR_SEPARATOR.length).trim(),
  };
}

export function DaySentence() {
  const query = useDrawnLater(useQuery(sentenceQueryOptions()));
  if (query.isError || (query.isSuccess && !query.data.trim())) return null;
  const parts = query.data ? splitSentence(query.data) : null;

  return (
    <section
      aria-labelledby="day-sentence-title"
      className={classes.band}
      data-testid="day-sentence"
    >
      <IconQuote size={36} className={classes.mark} aria-hidden />
      <Text id="day-sentence-title" className={classes.kicker}>
        Frase do dia
      </Text>
      {parts ? (
        <figure className={classes.figure}>
          <blockquote className={classes.quote} data-testid="day-sentence-text">
            {parts.text}
          </blockquote>
          {parts.author && (
            <figcaption className={classes.author} data-testid="day-sentence-author">
              {parts.author}
            </figcaption>
          )}
        </figure>
      ) : (
        <div className={classes.figure} aria-busy="true">
          <Skeleton height={22} width="80%" mx="auto" radius="sm" />
          <Skeleton height={14} width={140} mx="auto" radius="sm" mt="sm" />
        </div>
      )}
    </section>
  );
}
