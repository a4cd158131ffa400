import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandSkype,
  IconBrandWhatsapp,
  IconBriefcase,
  IconBuilding,
  IconHeadset,
  IconInfoCircle,
  IconSend,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { Link, useSearchParams } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { maskPhone } from '@/lib/masks';
import { useSession } from '@/lib/session';
import { useStation } from '@/lib/station';
import { toast } from '@/lib/toast';
import { formsApi } from './api/forms-api';
import { contactChannels, telHref } from './contact-channels';
import { COMMERCIAL_SUBJECT, failureText, SUBJECT_PARAMS } from './forms-texts';
import {
  contactMissingRequired,
  FORM_LIMITS,
  FORM_MESSAGES,
  validateContact,
  type ContactField,
  type ContactValues,
} from './validation';
import classes from './Forms.module.css';
import { SentNotice } from './SentNotice';

const L = FORM_LIMITS.contact;
const M = FORM_MESSAGES.contact;

/** G27: `?assunto=comercial` (or `?subject=comercial`) asks for the commercial subject. */
function asksCommercial(params: URLSearchParams): boolean {
  return SUBJECT_PARAMS.some(
    (name) => params.get(name)?.trim().toLowerCase() === COMMERCIAL_SUBJECT,
  );
}

/** G27: the commercial subject comes preset with its text. */
function initialValues(commercial: boolean): ContactValues {
  return {
    name: '',
    email: '',
    tel: '',
    city: '',
    state: '',
    text: commercial ? M.commercialText : '',
    categoryId: commercial ? L.commercialId : null,
  };
}

/** /contato (doc2 §2, §5, §8, §9; CT-01 to CT-06; C13, G27, G28, S15). */
export function ContactPage() {
  const [params] = useSearchParams();
  const commercial = asksCommercial(params);
  return (
    <PageFrame
      title="Contato"
      description="Fale com a rádio: sugestões, dúvidas, elogios e pedidos."
    >
      <div className={classes.split}>
        {/* A link to ?assunto=comercial while on the page presets the subject too. */}
        <ContactForm key={commercial ? 'commercial' : 'any'} commercial={commercial} />
        <ContactAside />
      </div>
    </PageFrame>
  );
}

function ContactForm({ commercial }: { commercial: boolean }) {
  const session = useSession();
  const requiredId = useId();
  const [values, setValues] = useState(() => initialValues(commercial));
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const valid = validateContact(values);
  const missing = contactMissingRequired(values);
  const formValid = Object.values(valid).every(Boolean);
  const locked = sending || sent;

  function set(field: Exclude<ContactField, 'categoryId'>, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  }

  /** The props of a text field: error style and hint once edited and invalid (G28). */
  function field(name: Exclude<ContactField, 'categoryId'>, transform?: (raw: string) => string) {
    const invalid = Boolean(touched[name]) && !valid[name];
    return {
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const raw = event.currentTarget.value;
        set(name, transform ? transform(raw) : raw);
      },
      error: invalid ? M.fields[name] : undefined,
      'data-invalid-field': invalid ? name : undefined,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!formValid || locked || values.categoryId === null) return;
    setSending(true);
    try {
      await formsApi.sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        tel: values.tel.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        text: values.text.trim(),
        categoryId: values.categoryId,
        // S15: the server takes the sender from the session; sent for the record only.
        ...(session ? { userId: session.user.userId } : {}),
      });
      setSent(true);
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setSending(false);
    }
  }

  const subjectInvalid = Boolean(touched.categoryId) && !valid.categoryId;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.card}>
      <Title order={2} className={classes.cardTitle} mb={4}>
        Envie sua mensagem
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Os campos marcados com * são obrigatórios.
      </Text>
      {sent && <SentNotice message={M.sent} testId="contact-sent" />}
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="contact-form">
        <fieldset disabled={locked} className={classes.fieldset}>
          <Stack gap="md">
            <NativeSelect
              label="Assunto"
              withAsterisk
              value={values.categoryId === null ? '' : String(values.categoryId)}
              onChange={(event) => {
                const id = Number(event.currentTarget.value);
                setValues((current) => ({ ...current, categoryId: id > 0 ? id : null }));
                setTouched((current) => ({ ...current, categoryId: true }));
              }}
              error={subjectInvalid ? M.fields.categoryId : undefined}
              data={[
                { value: '', label: 'Escolha o assunto', disabled: true },
                ...L.subjects.map((label, index) => ({ value: String(index + 1), label })),
              ]}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Nome" withAsterisk autoComplete="name" {...field('name')} />
              <TextInput
                label="E-mail"
                withAsterisk
                type="email"
                autoComplete="email"
                inputMode="email"
                {...field('email')}
              />
            </SimpleGrid>
            <div className={classes.telCityState}>
              <TextInput
                label="Telefone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                placeholder="(99) 99999-9999"
                {...field('tel', maskPhone)}
              />
              <TextInput label="Cidade" autoComplete="address-level2" {...field('city')} />
              <TextInput
                label="Estado"
                placeholder="UF"
                autoComplete="address-level1"
                {...field('state', (raw) => raw.toUpperCase())}
              />
            </div>
            <Textarea
              label="Mensagem"
              withAsterisk
              autosize
              minRows={5}
              maxRows={14}
              {...field('text')}
            />
            <Group justify="space-between" align="center" gap="sm" className={classes.actions}>
              {missing && (
                <Text size="sm" c="dimmed" id={requiredId} data-testid="contact-required">
                  {M.required}
                </Text>
              )}
              {!sent && (
                <Button
                  type="submit"
                  size="md"
                  loading={sending}
                  disabled={!formValid || values.categoryId === null}
                  aria-describedby={missing ? requiredId : undefined}
                  leftSection={<IconSend size={18} aria-hidden />}
                  className={classes.submit}
                  ml="auto"
                >
                  Enviar mensagem
                </Button>
              )}
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}

/** CT-01: listener and commercial phones, WhatsApp and Skype. */
function ContactAside() {
  const { station, isLoading } = useStation();
  const channels = contactChannels(station);
  return (
    <Stack gap="lg" component="aside" aria-label="Outros canais de contato">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.card}>
        <Title order={2} className={classes.cardTitle} mb="md">
          Outros canais
        </Title>
        <Stack gap="md" data-testid="contact-channels" aria-busy={isLoading || undefined}>
          {isLoading &&
            [0, 1, 2].map((index) => (
              <Group key={index} gap="sm" wrap="nowrap">
                <Skeleton circle height={40} />
                <Stack gap={6} flex={1}>
                  <Skeleton height={10} width="45%" />
                  <Skeleton height={14} width="70%" />
                </Stack>
              </Group>
            ))}
          {channels.listenerPhone && (
            <Channel
              icon={<IconHeadset size={20} />}
              label="Atendimento ao ouvinte"
              value={channels.listenerPhone}
              href={telHref(channels.listenerPhone)}
            />
          )}
          {channels.commercialPhone && (
            <Channel
              icon={<IconBuilding size={20} />}
              label="Comercial"
              value={channels.commercialPhone}
              href={telHref(channels.commercialPhone)}
            />
          )}
          {channels.whatsappUrl && (
            <Channel
              icon={<IconBrandWhatsapp size={20} />}
              label="WhatsApp"
              value="Conversar pelo WhatsApp"
              href={channels.whatsappUrl}
              external
            />
          )}
          {channels.skypeUrl && (
            <Channel
              icon={<IconBrandSkype size={20} />}
              label="Skype"
              value="Falar pelo Skype"
              href={channels.skypeUrl}
              external
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.card}>
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconInfoCircle size={18} aria-hidden />
            <Text fw={700}>Procurando outra coisa?</Text>
          </Group>
          <Anchor component={Link} to="/anuncie-conosco" className={classes.inlineLink}>
            <IconSpeakerphone size={16} aria-hidden /> Anuncie conosco
          </Anchor>
          <Anchor component={Link} to="/trabalhe-conosco" className={classes.inlineLink}>
            <IconBriefcase size={16} aria-hidden /> Trabalhe conosco
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

interface ChannelProps {
  icon: React.ReactNode;
  label: string;
  value: string;
  href: string;
  external?: boolean;
}

function Channel({ icon, label, value, href, external = false }: ChannelProps) {
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="contact-channel">
      <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div className={classes.channelText}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {label}
        </Text>
        <Anchor
          href={href}
          fw={700}
          className={classes.channelLink}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {value}
        </Anchor>
      </div>
    </Group>
  );
}
