import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconSend, IconUpload } from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { maskPhone } from '@/lib/masks';
import { toast } from '@/lib/toast';
import { formsApi, uploadCurriculum } from './api/forms-api';
import { FORM_TEXTS } from './forms-texts';
import {
  curriculumProblem,
  FORM_LIMITS,
  FORM_MESSAGES,
  validateWork,
  type CurriculumProblem,
  type WorkField,
  type WorkValues,
} from './validation';
import classes from './Forms.module.css';
import { SentNotice } from './SentNotice';

const L = FORM_LIMITS.work;
const M = FORM_MESSAGES.work;
const MAX_MB = Math.round((L.curriculumMaxBytes / (1024 * 1024)) * 10) / 10;
const TYPES_TEXT = L.curriculumExtensions.map((extension) => extension.toUpperCase()).join(', ');

/** G24: the quick check's messages (the server's own), before anything is sent. */
const FILE_PROBLEMS: Record<Exclude<CurriculumProblem, null>, string> = {
  type: M.curriculumType,
  size: M.curriculumSize,
};

const EMPTY: WorkValues = {
  name: '',
  lastName: '',
  telefone: '',
  email: '',
  textoCargo: '',
  aboutYou: '',
};

type Phase = 'idle' | 'submitting' | 'submitted';

/** /trabalhe-conosco (doc2 §2, §5, §8; WK-01 to WK-05; G24, G28). */
export function WorkWithUsPage() {
  return (
    <PageFrame
      title="Trabalhe conosco"
      description="Quer fazer parte do time? Envie seu currículo."
    >
      <div className={classes.narrow}>
        <WorkForm />
      </div>
    </PageFrame>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/**
 * The application: submit stays disabled until every field is valid and a CV is attached; sending
 * uploads the CV first (with its progress) and then the application with the returned reference.
 * Success leaves the form disabled without the button; any failure makes it editable again.
 */
function WorkForm() {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<WorkField, boolean>>>({});
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  // The CV already stored for this file: a retry after a failed send does not upload it again.
  const uploaded = useRef<{ file: File; reference: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInputId = useId();
  const fileHintId = useId();
  const missingFileId = useId();
  const valid = validateWork(values);
  const fieldsValid = Object.values(valid).every(Boolean);
  const formValid = fieldsValid && file !== null && fileProblem === null;
  const locked = phase !== 'idle';

  useEffect(() => () => abort.current?.abort(), []);

  function field(name: WorkField, transform?: (raw: string) => string) {
    const invalid = Boolean(touched[name]) && !valid[name];
    return {
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const raw = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: transform ? transform(raw) : raw }));
        setTouched((current) => ({ ...current, [name]: true }));
      },
      error: invalid ? M.fields[name] : undefined,
      'data-invalid-field': invalid ? name : undefined,
    };
  }

  function choose(chosen: File | null) {
    if (!chosen) return;
    const problem = curriculumProblem(chosen);
    if (problem) {
      setFile(null);
      setFileProblem(FILE_PROBLEMS[problem]);
      return;
    }
    setFile(chosen);
    setFileProblem(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!formValid || locked || !file) return;
    setPhase('submitting');
    const controller = new AbortController();
    abort.current = controller;
    try {
      const kept = uploaded.current?.file === file ? uploaded.current.reference : null;
      let reference: string;
      if (kept) {
        reference = kept;
      } else {
        setProgress(0);
        const upload = await uploadCurriculum(file, setProgress, controller.signal);
        reference = upload.nome_arquivo;
        uploaded.current = { file, reference };
      }
      setProgress(1);
      await formsApi.sendCurriculum({
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        telefone: values.telefone.trim(),
        email: values.email.trim(),
        textoCargo: values.textoCargo.trim(),
        aboutYou: values.aboutYou.trim(),
        curriculum: reference,
      });
      setPhase('submitted');
    } catch {
      if (controller.signal.aborted) return;
      // doc2 §8, G24: whatever failed, the communication message, and the form is editable again.
      toast.error(FORM_TEXTS.communication);
      setPhase('idle');
    } finally {
      setProgress(null);
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.card}>
      <Title order={2} className={classes.cardTitle} mb={4}>
        Envie seu currículo
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Todos os campos são obrigatórios.
      </Text>
      {phase === 'submitted' && <SentNotice message={M.sent} testId="work-sent" />}
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="work-form">
        <fieldset disabled={locked} className={classes.fieldset}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Nome" withAsterisk autoComplete="given-name" {...field('name')} />
              <TextInput
                label="Sobrenome"
                withAsterisk
                autoComplete="family-name"
                {...field('lastName')}
              />
              <TextInput
                label="Telefone"
                withAsterisk
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(99) 99999-9999"
                {...field('telefone', maskPhone)}
              />
              <TextInput
                label="E-mail"
                withAsterisk
                type="email"
                inputMode="email"
                autoComplete="email"
                {...field('email')}
              />
            </SimpleGrid>
            <TextInput
              label="Cargo pretendido"
              withAsterisk
              placeholder="Ex.: Produtor musical"
              {...field('textoCargo')}
            />
            <Textarea
              label="Fale sobre você"
              withAsterisk
              autosize
              minRows={5}
              maxRows={14}
              {...field('aboutYou')}
            />
            <div>
              <Text component="span" size="sm" fw={500} className={classes.fileLabel}>
                Currículo <span className={classes.asterisk}>*</span>
              </Text>
              <div
                className={classes.fileDrop}
                data-has-file={file ? true : undefined}
                data-invalid={fileProblem ? true : undefined}
                data-disabled={locked || undefined}
                onDragOver={(event) => {
                  if (!locked) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (!locked) choose(event.dataTransfer.files[0] ?? null);
                }}
              >
                <input
                  id={fileInputId}
                  type="file"
                  accept={L.curriculumAccept}
                  className={classes.fileInput}
                  aria-describedby={fileHintId}
                  aria-invalid={fileProblem ? true : undefined}
                  onChange={(event) => {
                    choose(event.currentTarget.files?.[0] ?? null);
                    // The same file can be chosen again after a refusal.
                    event.currentTarget.value = '';
                  }}
                  data-testid="curriculum-input"
                />
                <label htmlFor={fileInputId} className={classes.fileButton}>
                  <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                    {file ? <IconFileText size={24} /> : <IconUpload size={24} />}
                  </ThemeIcon>
                  <span className={classes.fileText}>
                    <Text component="span" fw={700} display="block">
                      {file ? file.name : 'Escolher arquivo do currículo'}
                    </Text>
                    <Text component="span" size="sm" c="dimmed" display="block" id={fileHintId}>
                      {file
                        ? `${formatSize(file.size)} · clique para trocar`
                        : `${TYPES_TEXT} até ${MAX_MB} MB. Clique ou arraste o arquivo aqui.`}
                    </Text>
                  </span>
                </label>
                {file && !locked && (
                  <CloseButton
                    aria-label="Remover o arquivo"
                    onClick={() => {
                      setFile(null);
                      setFileProblem(null);
                    }}
                  />
                )}
              </div>
              {fileProblem && (
                <Group gap={6} mt={6} wrap="nowrap" role="alert" data-testid="curriculum-problem">
                  <IconAlertTriangle size={16} color="var(--mantine-color-error)" aria-hidden />
                  <Text size="sm" c="var(--mantine-color-error)">
                    {fileProblem}
                  </Text>
                </Group>
              )}
              {percent !== null && (
                <Stack gap={4} mt="sm" data-testid="curriculum-progress">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">
                      {percent < 100 ? 'Enviando o currículo…' : 'Currículo enviado'}
                    </Text>
                    <Text size="sm" fw={700}>
                      {percent}%
                    </Text>
                  </Group>
                  <Progress
                    value={percent}
                    size="lg"
                    radius="xl"
                    animated={percent < 100}
                    aria-label="Envio do currículo"
                  />
                </Stack>
              )}
            </div>
            {phase !== 'submitted' && (
              <Group justify="space-between" align="center" gap="sm">
                {fieldsValid && !file && !fileProblem ? (
                  <Text size="sm" c="dimmed" id={missingFileId} data-testid="curriculum-missing">
                    {M.curriculum}
                  </Text>
                ) : (
                  <span />
                )}
                <Button
                  type="submit"
                  size="md"
                  disabled={!formValid || locked}
                  aria-describedby={fieldsValid && !file ? missingFileId : undefined}
                  leftSection={
                    phase === 'submitting' ? (
                      <Loader size={16} color="currentColor" aria-hidden />
                    ) : (
                      <IconSend size={18} aria-hidden />
                    )
                  }
                  className={classes.submit}
                  aria-live="polite"
                >
                  {phase === 'submitting' ? FORM_TEXTS.workSending : 'Enviar currículo'}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
