import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconLock,
  IconLogin,
  IconMusicPlus,
  IconRefresh,
  IconSend,
} from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal, useLoginModalState } from '@/features/auth/login-modal-store';
import { ApiError } from '@/lib/api';
import { useSessionStatus } from '@/lib/session';
import { useStation, useStationName } from '@/lib/station';
import { toast } from '@/lib/toast';
import { formsApi } from './api/forms-api';
import { failureText, FORM_TEXTS, RECOMMEND_PATH } from './forms-texts';
import { clearRecommendDraft, loadRecommendDraft, saveRecommendDraft } from './recommend-draft';
import { publicPageUrl, shareTargets } from '@/lib/share';
import {
  charCount,
  FORM_LIMITS,
  FORM_MESSAGES,
  recommendErrors,
  recommendUnlocked,
  type RecommendField,
  type RecommendValues,
} from './validation';
import classes from './Forms.module.css';

const LOGIN_TEXT = FORM_MESSAGES.recommend.login;

const STEPS: readonly {
  field: RecommendField;
  label: string;
  description: string;
  placeholder: string;
}[] = [
  {
    field: 'artistName',
    label: 'Artista ou banda',
    description: 'Quem canta a música que você quer ouvir na rádio?',
    placeholder: 'Ex.: Marisa Monte',
  },
  {
    field: 'musicName',
    label: 'Nome da música',
    description: 'O título da música.',
    placeholder: 'Ex.: Ainda Bem',
  },
  {
    field: 'musicLink',
    label: 'Link da música (opcional)',
    description: 'Um endereço onde a gente possa ouvir: YouTube, Spotify, Deezer…',
    placeholder: 'https://',
  },
  {
    field: 'message',
    label: 'Sua mensagem',
    description: 'Conte por que essa música merece tocar na rádio.',
    placeholder: 'Escreva sua mensagem',
  },
];

/** /recomende (doc2 §2, §5, §8; RC-01 to RC-06; G47). */
export function RecommendPage() {
  const [sent, setSent] = useState<RecommendValues | null>(null);
  // A new form (and focus on its first field) after 'Enviar outra música'.
  const [round, setRound] = useState(0);

  return (
    <PageFrame
      title="Recomende uma música"
      description="Tem uma música que é a cara da rádio? Conte pra gente."
    >
      <div className={classes.narrow}>
        {sent ? (
          <RecommendSuccess
            sent={sent}
            onAnother={() => {
              clearRecommendDraft();
              setSent(null);
              setRound((current) => current + 1);
            }}
          />
        ) : (
          <RecommendForm
            key={round}
            autoFocus={round > 0}
            onSent={(values) => {
              clearRecommendDraft();
              setSent(values);
            }}
          />
        )}
      </div>
    </PageFrame>
  );
}

interface RecommendFormProps {
  autoFocus: boolean;
  onSent: (values: RecommendValues) => void;
}

/**
 * The step-by-step form: a field opens once the one before it is valid (the link is optional), the
 * draft is saved as it is typed, and sending needs a session (the login modal opens otherwise).
 */
function RecommendForm({ autoFocus, onSent }: RecommendFormProps) {
  const [values, setValues] = useState<RecommendValues>(loadRecommendDraft);
  const [touched, setTouched] = useState<Partial<Record<RecommendField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [loginAsked, setLoginAsked] = useState(false);
  const status = useSessionStatus();
  const loginOpen = useLoginModalState().opened;
  const inputs = useRef<Partial<Record<RecommendField, HTMLInputElement | HTMLTextAreaElement>>>(
    {},
  );
  const errors = recommendErrors(values);
  const unlocked = recommendUnlocked(values);

  useEffect(() => saveRecommendDraft(values), [values]);
  useEffect(() => {
    if (autoFocus) inputs.current.artistName?.focus();
  }, [autoFocus]);

  /** A field's message once it was left or a send was tried, or at once when it is too long. */
  const shownError = (field: RecommendField): string | undefined => {
    const error = errors[field];
    if (!error || !unlocked[field]) return undefined;
    const tooLong = charCount(values[field].trim()) > FORM_LIMITS.recommend[field][1];
    return touched[field] || attempted || tooLong ? error : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setAttempted(true);
    const firstInvalid = STEPS.find(({ field }) => errors[field] !== null)?.field;
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    if (status !== 'authenticated') {
      setLoginAsked(true);
      openLoginModal('login', { notice: LOGIN_TEXT });
      return;
    }
    setSending(true);
    const link = values.musicLink.trim();
    try {
      await formsApi.sendRecommendation({
        artistName: values.artistName.trim(),
        musicName: values.musicName.trim(),
        musicLink: link === '' ? null : link,
        message: values.message.trim(),
      });
      onSent(values);
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.code === 401) {
        setLoginAsked(true);
        openLoginModal('login', { notice: LOGIN_TEXT });
      } else {
        toast.error(failureText(error));
      }
    }
  }

  const gateShown = loginAsked && !loginOpen && status !== 'authenticated';
  const messageMax = FORM_LIMITS.recommend.message[1];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.card}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="recommend-form">
        <Group gap="sm" wrap="nowrap" mb="lg">
          <ThemeIcon size={48} radius="xl" variant="gradient" aria-hidden visibleFrom="xs">
            <IconMusicPlus size={26} />
          </ThemeIcon>
          <div>
            <Title order={2} className={classes.cardTitle}>
              Sua recomendação
            </Title>
            <Text size="sm" c="dimmed">
              Preencha um passo de cada vez: o próximo campo abre quando o anterior está certo.
            </Text>
          </div>
        </Group>
        <ol className={classes.steps}>
          {STEPS.map(({ field, label, description, placeholder }, index) => {
            const open = unlocked[field];
            const done = open && errors[field] === null && values[field].trim() !== '';
            const error = shownError(field);
            const common = {
              label,
              description: open ? description : 'Preencha o passo anterior para continuar.',
              placeholder,
              value: values[field],
              disabled: !open || sending,
              error,
              onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
              },
              onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
              'data-field': field,
            };
            return (
              <li
                key={field}
                className={classes.step}
                data-locked={!open || undefined}
                data-done={done || undefined}
              >
                <span className={classes.stepMarker} aria-hidden>
                  {open ? index + 1 : <IconLock size={14} />}
                </span>
                <div className={classes.stepBody}>
                  {field === 'message' ? (
                    <Textarea
                      {...common}
                      ref={(element) => {
                        if (element) inputs.current[field] = element;
                      }}
                      autosize
                      minRows={4}
                      maxRows={10}
                    />
                  ) : (
                    <TextInput
                      {...common}
                      ref={(element) => {
                        if (element) inputs.current[field] = element;
                      }}
                      type={field === 'musicLink' ? 'url' : 'text'}
                      inputMode={field === 'musicLink' ? 'url' : undefined}
                      autoComplete="off"
                    />
                  )}
                  {field === 'message' && open && (
                    <Text
                      size="xs"
                      c={charCount(values.message.trim()) > messageMax ? 'red.8' : 'dimmed'}
                      ta="right"
                      mt={4}
                      aria-live="off"
                    >
                      {charCount(values.message.trim())}/{messageMax}
                    </Text>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {gateShown && (
          <Alert
            color="onda"
            variant="light"
            radius="md"
            mt="md"
            icon={<IconLogin size={20} aria-hidden />}
            data-testid="recommend-login"
          >
            <Text fw={600} c="var(--mantine-color-text)">
              {LOGIN_TEXT}
            </Text>
            <Button
              mt="sm"
              size="compact-md"
              leftSection={<IconLogin size={16} aria-hidden />}
              onClick={() => openLoginModal('login', { notice: LOGIN_TEXT })}
            >
              Entrar
            </Button>
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button
            type="submit"
            size="md"
            loading={sending}
            leftSection={<IconSend size={18} aria-hidden />}
            className={classes.submit}
          >
            Enviar recomendação
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

interface RecommendSuccessProps {
  sent: RecommendValues;
  onAnother: () => void;
}

/** RC-06: the success screen with the share buttons and 'Enviar outra música'. */
function RecommendSuccess({ sent, onAnother }: RecommendSuccessProps) {
  const { station } = useStation();
  const stationName = useStationName();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const url = publicPageUrl(RECOMMEND_PATH, station?.publicUrl);
  const text = `Recomendei "${sent.musicName.trim()}", de ${sent.artistName.trim()}, para a ${stationName}! Recomende você também:`;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      className={classes.card}
      data-testid="recommend-success"
    >
      <Stack align="center" gap="md" ta="center" className={classes.success}>
        <ThemeIcon size={72} radius="xl" variant="gradient" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} ref={heading} tabIndex={-1} className={classes.successTitle}>
          Recomendação enviada!
        </Title>
        <Text maw={480}>
          Obrigado por indicar <strong>{sent.musicName.trim()}</strong>, de{' '}
          <strong>{sent.artistName.trim()}</strong>. A nossa equipe de programação vai ouvir com
          carinho.
        </Text>
        <Text fw={700} mt="xs">
          Compartilhe com seus amigos
        </Text>
        <ShareButtons url={url} text={text} />
        <Button
          size="md"
          variant="light"
          mt="sm"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={onAnother}
        >
          {FORM_TEXTS.recommendAnother}
        </Button>
      </Stack>
    </Paper>
  );
}

function ShareButtons({ url, text }: { url: string; text: string }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 3 }}
      spacing="xs"
      w="100%"
      maw={520}
      data-testid="share-buttons"
    >
      {shareTargets(url, text).map(({ network, label, href, icon: ShareIcon, color }) => (
        <Button
          key={network}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Compartilhar no ${label}`}
          data-network={network}
          color={color}
          leftSection={<ShareIcon size={18} aria-hidden />}
        >
          {label}
        </Button>
      ))}
    </SimpleGrid>
  );
}
