/**
 * The home poll (doc2 §3; G34, voting beyond the spec): its title and answers; the listener picks
 * one and votes, and the box turns to the results in percentages with their choice marked. A
 * listener who voted before (this account, or this browser without one) sees the results at once.
 * With no active poll the box is not shown.
 */
import { useRef, useState, type FormEvent, type Ref } from 'react';
import { Badge, Button, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Poll } from '@/generated/Poll';
import { ApiError } from '@/lib/api';
import { DATA_ERROR } from '@/lib/messages';
import { useSession, useSessionStatus } from '@/lib/session';
import { NO_POLL, pollQueryOptions, useVote } from './api/poll-api';
import { POLL_VOTED, voteErrorText } from './messages';
import { PollFrame, PollSkeleton } from './PollPlaceholder';
import { percentages } from './results';
import classes from './PollBox.module.css';

const count = new Intl.NumberFormat('pt-BR');

function Results({ poll, focusRef }: { poll: Poll; focusRef: Ref<HTMLDivElement> }) {
  const shares = percentages(poll.respostas.map((answer) => answer.qtd));
  const total = poll.respostas.reduce((sum, answer) => sum + answer.qtd, 0);
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      className={classes.results}
      aria-label="Resultado da enquete"
      role="group"
      data-testid="poll-results"
    >
      <ul className={classes.resultList}>
        {poll.respostas.map((answer, index) => {
          const mine = answer.id === poll.votedAnswerId;
          const share = shares[index] ?? 0;
          return (
            <li
              key={answer.id}
              className={classes.result}
              data-testid="poll-result"
              data-answer-id={answer.id}
              data-mine={mine || undefined}
            >
              <div className={classes.resultHead}>
                <Text component="span" size="sm" fw={mine ? 800 : 500} className={classes.answer}>
                  {mine && (
                    <IconCircleCheckFilled size={16} className={classes.mineIcon} aria-hidden />
                  )}
                  {answer.resposta}
                  {mine && (
                    <Badge size="xs" variant="light" radius="sm" ml={6}>
                      Seu voto
                    </Badge>
                  )}
                </Text>
                <Text component="span" size="sm" fw={800} data-testid="poll-share">
                  {share}%
                </Text>
              </div>
              <Progress
                value={share}
                size="sm"
                radius="xl"
                color={mine ? 'onda' : 'gray'}
                aria-hidden
                className={classes.bar}
              />
            </li>
          );
        })}
      </ul>
      <Text size="xs" c="dimmed" mt="sm" data-testid="poll-total">
        {count.format(total)} {total === 1 ? 'voto' : 'votos'}
      </Text>
    </div>
  );
}

function VoteForm({
  poll,
  pending,
  onVote,
}: {
  poll: Poll;
  pending: boolean;
  onVote: (answerId: number) => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !pending) onVote(Number(choice));
  };

  return (
    <form onSubmit={submit} data-testid="poll-form">
      <Radio.Group
        value={choice}
        onChange={setChoice}
        name={`poll-${poll.pollId}`}
        label={<span className="sr-only">{poll.title}</span>}
      >
        <Stack gap={6} mt={4}>
          {poll.respostas.map((answer) => (
            <Radio
              key={answer.id}
              value={String(answer.id)}
              label={answer.resposta}
              classNames={{
                root: classes.option,
                body: classes.optionBody,
                label: classes.optionLabel,
              }}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Button type="submit" fullWidth mt="md" disabled={!choice} loading={pending}>
        Votar
      </Button>
    </form>
  );
}

export function PollBox() {
  const session = useSession();
  const status = useSessionStatus();
  const userId = session?.user.userId ?? null;
  // Asked once the start-up session check settled: the reply says whose vote it shows.
  const query = useQuery({ ...pollQueryOptions(userId), enabled: status !== 'unknown' });
  const results = useRef<HTMLDivElement>(null);
  // The form gives way to the results: the keyboard's place moves there.
  const vote = useVote(userId, () => requestAnimationFrame(() => results.current?.focus()));

  if (query.error instanceof ApiError && query.error.message === NO_POLL) return null;

  let body;
  if (query.data) {
    const poll = query.data;
    body = (
      <>
        <Title order={3} className={classes.title} id="poll-title">
          {poll.title}
        </Title>
        {poll.votedAnswerId === null ? (
          <VoteForm
            poll={poll}
            pending={vote.isPending}
            onVote={(answerId) => vote.mutate({ pollId: poll.pollId, answerId })}
          />
        ) : (
          <Results poll={poll} focusRef={results} />
        )}
        {vote.isError && (
          <Text size="sm" c="red.8" mt="sm" role="alert" data-testid="poll-error">
            {voteErrorText(vote.error)}
          </Text>
        )}
        {vote.isSuccess && (
          <Text size="sm" c="dimmed" mt="xs" role="status" data-testid="poll-thanks">
            {POLL_VOTED}
          </Text>
        )}
      </>
    );
  } else if (query.isError) {
    body = (
      <div data-testid="poll-load-error">
        <Text size="sm">{DATA_ERROR}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
        >
          Tentar de novo
        </Button>
      </div>
    );
  } else {
    body = <PollSkeleton />;
  }

  return <PollFrame labelledBy={query.data ? 'poll-title' : 'poll-kicker'}>{body}</PollFrame>;
}
