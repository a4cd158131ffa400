import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Button,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAntenna, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { maskCnpj, maskPhone } from '@/lib/masks';
import { MODAL_Z_INDEX } from '@/lib/layers';
import { toast } from '@/lib/toast';
import { formsApi } from './api/forms-api';
import { failureText, FORM_TEXTS } from './forms-texts';
import {
  EMPTY_FREE_STREAMING,
  FORM_LIMITS,
  FORM_MESSAGES,
  freeStreamingProblem,
  type FreeStreamingField,
  type FreeStreamingValues,
} from './validation';
import classes from './Forms.module.css';
import { SentNotice } from './SentNotice';

const L = FORM_LIMITS.freeStreaming;

export const FREE_STREAMING_OPEN_TEXT = 'Solicitar streaming gratuito';
const TITLE = 'Solicitação de streaming gratuito';

type Phase = 'idle' | 'sending' | 'sent';

/**
 * G26: the call to action of /afiliadas and /anuncie-conosco: a short pitch and the button that
 * opens the free-streaming request (doc2 §2). What was typed and a sent request stay while the
 * page is open, so closing and opening the modal again loses nothing.
 */
export function FreeStreamingCallout() {
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState(EMPTY_FREE_STREAMING);
  const [phase, setPhase] = useState<Phase>('idle');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.callout}>
      <ThemeIcon size={52} radius="xl" variant="gradient" aria-hidden>
        <IconAntenna size={28} />
      </ThemeIcon>
      <div className={classes.calloutText}>
        <Title order={2} size="h4">
          Tem uma rádio? Retransmita a nossa programação
        </Title>
        <Text size="sm" c="dimmed">
          Emissoras de todo o país podem receber o nosso sinal por streaming, sem custo. Conte sobre
          a sua rádio e a nossa equipe entra em contato.
        </Text>
      </div>
      <Button
        size="md"
        variant="gradient"
        onClick={() => setOpened(true)}
        className={classes.calloutButton}
        aria-haspopup="dialog"
      >
        {FREE_STREAMING_OPEN_TEXT}
      </Button>
      <FreeStreamingModal
        opened={opened}
        onClose={() => setOpened(false)}
        values={values}
        onValues={setValues}
        phase={phase}
        onPhase={setPhase}
      />
    </Paper>
  );
}

interface FreeStreamingModalProps {
  opened: boolean;
  onClose: () => void;
  values: FreeStreamingValues;
  onValues: (update: (current: FreeStreamingValues) => FreeStreamingValues) => void;
  phase: Phase;
  onPhase: (phase: Phase) => void;
}

/**
 * The free-streaming request (doc2 §2, §5, §8; FS-01 to FS-06; G25): on submit the checks run in the
 * spec's order and the first failure shows its error toast (one at a time) and marks its field;
 * then 'enviando ...', and 'Enviado' (disabled) with the success text.
 */
export function FreeStreamingModal({
  opened,
  onClose,
  values,
  onValues,
  phase,
  onPhase,
}: FreeStreamingModalProps) {
  const [invalid, setInvalid] = useState<FreeStreamingField | null>(null);
  const lastToast = useRef<string | null>(null);
  const locked = phase !== 'idle';
  const id = useId();

  function showError(message: string) {
    if (lastToast.current) toast.hide(lastToast.current);
    lastToast.current = toast.error(message);
  }

  function field(name: FreeStreamingField, transform?: (raw: string) => string) {
    return {
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const raw = event.currentTarget.value;
        onValues((current) => ({ ...current, [name]: transform ? transform(raw) : raw }));
        if (invalid === name) setInvalid(null);
      },
      error: invalid === name,
      'data-field': name,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const problem = freeStreamingProblem(values);
    if (problem) {
      setInvalid(problem.field);
      showError(problem.message);
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${problem.field}"]`)?.focus();
      return;
    }
    setInvalid(null);
    if (lastToast.current) toast.hide(lastToast.current);
    onPhase('sending');
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    try {
      await formsApi.sendFreeStreaming({
        company: values.company.trim(),
        tradeName: values.tradeName.trim(),
        cnpj: optional(values.cnpj),
        page: values.page.trim(),
        nameOwner: values.nameOwner.trim(),
        emailOwner: values.emailOwner.trim(),
        telefone: optional(values.telefone),
        band: values.band,
        frequency: values.frequency.trim(),
        power: values.power.trim(),
        state: values.state.trim(),
        city: values.city.trim(),
      });
      onPhase('sent');
    } catch (error) {
      onPhase('idle');
      showError(failureText(error));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TITLE}
      size="xl"
      radius="lg"
      zIndex={MODAL_Z_INDEX}
      // Below the toasts (top right), so an error toast never hides the title or the close button.
      yOffset="7rem"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      classNames={{ title: classes.modalTitle }}
    >
      <Text size="sm" c="dimmed" mb="md">
        Preencha os dados da sua emissora. CNPJ e telefone são opcionais.
      </Text>
      {phase === 'sent' && (
        <SentNotice
          message={FORM_MESSAGES.freeStreaming.sent}
          testId="free-streaming-sent"
          mb="md"
        />
      )}
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="free-streaming-form">
        <fieldset disabled={locked} className={classes.fieldset}>
          <Stack gap="lg">
            <section aria-labelledby={`${id}-company`} className={classes.group}>
              <Text id={`${id}-company`} className={classes.groupTitle}>
                Empresa
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Razão social" withAsterisk {...field('company')} />
                <TextInput
                  label="Nome fantasia"
                  withAsterisk
                  maxLength={L.tradeNameMax}
                  {...field('tradeName')}
                />
                <TextInput
                  label="CNPJ"
                  inputMode="numeric"
                  placeholder="99.999.999/9999-99"
                  {...field('cnpj', maskCnpj)}
                />
                <TextInput
                  label="Site da empresa"
                  withAsterisk
                  inputMode="url"
                  maxLength={L.pageMax}
                  {...field('page')}
                />
              </SimpleGrid>
            </section>
            <section aria-labelledby={`${id}-owner`} className={classes.group}>
              <Text id={`${id}-owner`} className={classes.groupTitle}>
                Proprietário
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label="Nome do proprietário"
                  withAsterisk
                  autoComplete="name"
                  maxLength={L.nameOwner[1]}
                  {...field('nameOwner')}
                />
                <TextInput
                  label="E-mail"
                  withAsterisk
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  {...field('emailOwner')}
                />
                <TextInput
                  label="Telefone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="(99) 99999-9999"
                  {...field('telefone', maskPhone)}
                />
              </SimpleGrid>
            </section>
            <section aria-labelledby={`${id}-station`} className={classes.group}>
              <Text id={`${id}-station`} className={classes.groupTitle}>
                Emissora
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <NativeSelect
                  label="Faixa de operação"
                  withAsterisk
                  data={[
                    { value: '', label: 'Selecione', disabled: true },
                    ...L.bands.map((band) => ({ value: band, label: band })),
                  ]}
                  {...field('band')}
                />
                <TextInput
                  label="Frequência"
                  withAsterisk
                  placeholder="Ex.: 98,9 MHz"
                  {...field('frequency')}
                />
                <TextInput
                  label="Potência/classe"
                  withAsterisk
                  placeholder="Ex.: 10 kW, classe A3"
                  {...field('power')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
                <TextInput
                  label="Estado"
                  withAsterisk
                  autoComplete="address-level1"
                  {...field('state')}
                />
                <TextInput
                  label="Cidade"
                  withAsterisk
                  autoComplete="address-level2"
                  {...field('city')}
                />
              </SimpleGrid>
            </section>
          </Stack>
        </fieldset>
        <div className={classes.modalActions}>
          <Button
            type="submit"
            size="md"
            disabled={locked}
            leftSection={
              phase === 'sent' ? (
                <IconCircleCheck size={18} aria-hidden />
              ) : (
                <IconSend size={18} aria-hidden />
              )
            }
            data-testid="free-streaming-submit"
          >
            {phase === 'sending'
              ? FORM_TEXTS.freeStreamingSending
              : phase === 'sent'
                ? FORM_TEXTS.freeStreamingSent
                : 'Enviar solicitação'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
