import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Blockquote,
  Button,
  Checkbox,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconCrown,
  IconEdit,
  IconLogin,
  IconSend,
  IconTrophy,
  IconUserEdit,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { openLoginModal, useLoginModalState } from '@/features/auth/login-modal-store';
import type { Promotion } from '@/generated/Promotion';
import type { SaveAnswerRequest } from '@/generated/SaveAnswerRequest';
import type { UserAnswer } from '@/generated/UserAnswer';
import { PRO_BENEFITS_PATH } from '@/lib/constants';
import { LOAD_ERROR } from '@/lib/messages';
import { useSession, useSessionStatus } from '@/lib/session';
import { useSaveAnswer, userAnswerQueryOptions } from './api/promotions-api';
import { Notice } from './Notice';
import {
  ALREADY_ANSWERED_TEXT,
  ANSWER_FAILED_TEXT,
  ANSWER_SENT_TEXT,
  answerLimit,
  answerProblem,
  COMPLETE_PROFILE_TEXT,
  EDIT_ANSWER_TEXT,
  EDIT_PROFILE_PATH,
  formatDate,
  PARTICIPATE_LOGIN_TEXT,
  participationGate,
  PRO_MORE_TEXT,
  PRO_ONLY_TEXT,
  PROFILE_INCOMPLETE_TEXT,
  RULES_CHECKBOX_TEXT,
  SEND_TEXT,
  truncateAnswer,
  type AnswerMode,
} from './promotions';
import classes from './Promotions.module.css';

export interface AnswerPanelProps {
  promotion: Promotion;
  /** The profile modal is open: its message is not repeated under it (G14), as for the login modal. */
  profileModalOpen: boolean;
  onShowWinners: () => void;
  onShowRules: () => void;
}

/**
 * The answer panel (doc2 §4, §5): a closed promotion takes no answer; otherwise the gates in the
 * spec's order (login, PRO, complete registration), then the form of the promotion's mode (G49).
 * Everything follows the session, so logging in from the modal turns the notice into the form.
 */
export function AnswerPanel({
  promotion,
  profileModalOpen,
  onShowWinners,
  onShowRules,
}: AnswerPanelProps) {
  const session = useSession();
  const status = useSessionStatus();
  const loginOpen = useLoginModalState().opened;

  if (!promotion.isOpen) {
    const ended = formatDate(promotion.dt_fim);
    return (
      <Notice
        icon={IconClockHour4}
        color="gray"
        text={
          ended
            ? `Esta promoção foi encerrada em ${ended} e não recebe mais respostas.`
            : 'Esta promoção foi encerrada e não recebe mais respostas.'
        }
        data-testid="promotion-closed"
      >
        <Button
          variant="light"
          leftSection={<IconTrophy size={16} aria-hidden />}
          onClick={onShowWinners}
        >
          Ver ganhadores
        </Button>
      </Notice>
    );
  }
  if (status === 'unknown') return <PanelLoader />;

  const gate = participationGate(promotion, session?.user);
  switch (gate.kind) {
    case 'closed':
      return null;
    case 'login':
      // While the login modal is open, the message is its notice (and not repeated under it).
      return loginOpen ? null : (
        <Notice icon={IconLogin} text={PARTICIPATE_LOGIN_TEXT} data-testid="gate-login">
          <Button
            leftSection={<IconLogin size={16} aria-hidden />}
            onClick={() => openLoginModal('login', { notice: PARTICIPATE_LOGIN_TEXT })}
          >
            Entrar
          </Button>
        </Notice>
      );
    case 'pro':
      return (
        <Notice icon={IconCrown} text={PRO_ONLY_TEXT} color="dark" data-testid="gate-pro">
          <Button component={Link} to={PRO_BENEFITS_PATH} variant="gradient">
            {PRO_MORE_TEXT}
          </Button>
        </Notice>
      );
    case 'profile':
      return profileModalOpen ? null : (
        <Notice icon={IconUserEdit} text={PROFILE_INCOMPLETE_TEXT} data-testid="gate-profile">
          <Button component={Link} to={EDIT_PROFILE_PATH}>
            {COMPLETE_PROFILE_TEXT}
          </Button>
        </Notice>
      );
    case 'open':
      return (
        <Participation
          promotion={promotion}
          mode={gate.mode}
          userId={session?.user.userId ?? 0}
          onShowRules={onShowRules}
        />
      );
  }
}

export function PanelLoader() {
  return (
    <Group justify="center" py="lg">
      <Loader aria-label="Carregando" />
    </Group>
  );
}

interface ParticipationProps {
  promotion: Promotion;
  mode: AnswerMode;
  userId: number;
  onShowRules: () => void;
}

/**
 * The three answer modes (doc2 §4, PR-08, PR-09): several answers (the form stays after each one),
 * one answer that can be edited ('Editar Resposta' unlocks it), one answer for good ('Você já deu uma
 * resposta…' and no form once given).
 */
function Participation({ promotion, mode, userId, onShowRules }: ParticipationProps) {
  const answer = useQuery(userAnswerQueryOptions(promotion.id_promocao, userId));
  const save = useSaveAnswer(promotion.id_promocao, userId);
  const [sent, setSent] = useState(false);
  // A new, empty form after each answer of the multiple mode.
  const [round, setRound] = useState(0);

  if (answer.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando sua participação">
        <Skeleton h={18} w="60%" />
        <Skeleton h={110} />
        <Skeleton h={36} w={140} radius="xl" />
      </Stack>
    );
  }
  if (answer.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {LOAD_ERROR}
        <Button
          display="block"
          mt="sm"
          variant="light"
          color="red"
          size="compact-sm"
          onClick={() => void answer.refetch()}
        >
          Tentar de novo
        </Button>
      </Alert>
    );
  }

  const existing = answer.data;
  const submit = async (request: SaveAnswerRequest) => {
    setSent(false);
    await save.mutateAsync(request);
    setSent(true);
    setRound((current) => current + 1);
  };
  const success = sent && (
    <Alert
      color="teal"
      variant="light"
      radius="md"
      role="status"
      icon={<IconCircleCheck size={22} aria-hidden />}
      data-testid="answer-sent"
    >
      <Text fw={600} c="var(--mantine-color-text)">
        {ANSWER_SENT_TEXT}
      </Text>
    </Alert>
  );

  if (mode === 'respostaUnicaNaoEditavel' && existing) {
    return (
      <Stack gap="md" data-testid="answer-given">
        {success}
        <Notice icon={IconTrophy} text={ALREADY_ANSWERED_TEXT} color="teal" />
        <YourAnswer answer={existing} />
      </Stack>
    );
  }

  const editable = mode === 'respostaUnicaEditavel' && existing;
  return (
    <Stack gap="md">
      {success}
      <AnswerForm
        key={editable ? `${round}-${existing.id_participante_promocao}` : round}
        promotion={promotion}
        initial={editable ? existing.tx_resposta : ''}
        idUserPromotion={editable ? existing.id_participante_promocao : null}
        locked={Boolean(editable)}
        submitting={save.isPending}
        onSubmit={submit}
        onEditStart={() => setSent(false)}
        onShowRules={onShowRules}
      />
    </Stack>
  );
}

function YourAnswer({ answer }: { answer: UserAnswer }) {
  const date = formatDate(answer.dt_resposta);
  return (
    <Blockquote color="onda" p="md" radius="md" cite={date ? `Enviada em ${date}` : undefined}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        Sua resposta
      </Text>
      <Text className={classes.answerText}>{answer.tx_resposta}</Text>
    </Blockquote>
  );
}

interface AnswerFormProps {
  promotion: Promotion;
  initial: string;
  /** G50: the answer being edited, null for a new one. */
  idUserPromotion: number | null;
  /** An answer already given (editable mode): shown read-only until 'Editar Resposta'. */
  locked: boolean;
  submitting: boolean;
  /** Sends the answer; rejects when the server refuses. */
  onSubmit: (request: SaveAnswerRequest) => Promise<void>;
  onEditStart: () => void;
  onShowRules: () => void;
}

/**
 * The answer form (doc2 §5, PR-10): what is typed past the limit (350, or 30 for a single word) is
 * cut off; sending needs an answer and the rules accepted, with the spec's three messages.
 */
function AnswerForm({
  promotion,
  initial,
  idUserPromotion,
  locked: initiallyLocked,
  submitting,
  onSubmit,
  onEditStart,
  onShowRules,
}: AnswerFormProps) {
  const max = answerLimit(promotion);
  const singleWord = promotion.rs_keywords === 'S';
  const [text, setText] = useState(initial);
  const [accepted, setAccepted] = useState(false);
  const [locked, setLocked] = useState(initiallyLocked);
  const [problem, setProblem] = useState<string | null>(null);
  const length = Array.from(text).length;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || submitting) return;
    const found = answerProblem(text, accepted);
    setProblem(found);
    if (found) return;
    try {
      await onSubmit({ idUserPromotion, idPromotion: promotion.id_promocao, answer: text.trim() });
    } catch {
      // G48: whatever the refusal, one message.
      setProblem(ANSWER_FAILED_TEXT);
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} noValidate data-testid="answer-form">
      <Stack gap="sm">
        <Textarea
          label={promotion.question || 'Sua resposta'}
          classNames={{ label: classes.question, input: classes.answerInput }}
          description={
            singleWord
              ? `Responda com uma única palavra (até ${max} caracteres).`
              : `Até ${max} caracteres.`
          }
          value={text}
          readOnly={locked}
          maxLength={max}
          autosize
          minRows={singleWord ? 1 : 4}
          maxRows={12}
          onChange={(event) => {
            setText(truncateAnswer(event.currentTarget.value, max));
            setProblem(null);
          }}
          data-testid="answer-text"
        />
        {!locked && (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Checkbox
              label={RULES_CHECKBOX_TEXT}
              checked={accepted}
              onChange={(event) => {
                setAccepted(event.currentTarget.checked);
                setProblem(null);
              }}
            />
            <Group gap="sm">
              <Anchor component="button" type="button" size="sm" onClick={onShowRules}>
                Ler o regulamento
              </Anchor>
              <Text size="sm" c="dimmed" className={classes.counter} aria-live="off">
                {length}/{max}
              </Text>
            </Group>
          </Group>
        )}
        {problem && (
          <Alert
            color="red"
            variant="light"
            radius="md"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="answer-problem"
          >
            <Text fw={600} c="var(--mantine-color-text)">
              {problem}
            </Text>
          </Alert>
        )}
        <Group gap="sm">
          {locked ? (
            <Button
              type="button"
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => {
                setLocked(false);
                onEditStart();
              }}
            >
              {EDIT_ANSWER_TEXT}
            </Button>
          ) : (
            <>
              <Button
                type="submit"
                loading={submitting}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {SEND_TEXT}
              </Button>
              {initiallyLocked && (
                <Button
                  type="button"
                  variant="subtle"
                  color="gray"
                  disabled={submitting}
                  onClick={() => {
                    setText(initial);
                    setAccepted(false);
                    setProblem(null);
                    setLocked(true);
                  }}
                >
                  Cancelar
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
