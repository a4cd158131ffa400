/** The pieces of every back-office editor: counter, 409 alert, modals, 'Salvar', layout, skeleton. */
import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarTime,
  IconDeviceFloppy,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { charCount } from '../form';
import { BACKOFFICE_MESSAGES } from '../messages';
import classes from '../Backoffice.module.css';

/** `12/150`, turning red past the limit (characters as the server counts them). */
export function Counter({ text, max }: { text: string; max: number }) {
  const count = charCount(text);
  return (
    <Text size="xs" c={count > max ? 'red.7' : 'dimmed'} className={classes.counter} aria-hidden>
      {count}/{max}
    </Text>
  );
}

/** Someone else saved since the editor loaded (409): the server's words and a way to reload. */
export function StaleAlert({
  title,
  message,
  reloadLabel,
  onReload,
}: {
  title: string;
  message: string;
  reloadLabel: string;
  onReload?: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={title}
      mb="lg"
      role="alert"
      data-testid="stale-alert"
    >
      <Text size="sm">{message}</Text>
      {onReload && (
        <Button
          mt="sm"
          size="xs"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onReload}
        >
          {reloadLabel}
        </Button>
      )}
    </Alert>
  );
}

/** What {@link LeaveModal} needs of `useUnsavedGuard`. */
interface LeaveGuard {
  pending: string | null;
  cancelLeave: () => void;
  confirmLeave: () => void;
}

/** 'Sair sem salvar?' for a way out taken with unsaved changes (use-unsaved-guard). */
export function LeaveModal({ guard, text }: { guard: LeaveGuard; text: string }) {
  return (
    <Modal
      opened={guard.pending !== null}
      onClose={guard.cancelLeave}
      title={BACKOFFICE_MESSAGES.leaveTitle}
      centered
    >
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={guard.cancelLeave} data-autofocus>
          {BACKOFFICE_MESSAGES.stay}
        </Button>
        <Button color="red" onClick={guard.confirmLeave}>
          {BACKOFFICE_MESSAGES.leave}
        </Button>
      </Group>
    </Modal>
  );
}

/** The delete confirmation: what goes, and a red 'Excluir' that spins while it works. */
export function DeleteModal({
  opened,
  title,
  text,
  name,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  name: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{text}</Text>
      {name && (
        <Text size="sm" fw={700} mt="sm">
          {name}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {BACKOFFICE_MESSAGES.cancel}
        </Button>
        <Button
          color="red"
          loading={deleting}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onConfirm}
          data-testid="confirm-delete"
        >
          {BACKOFFICE_MESSAGES.delete}
        </Button>
      </Group>
    </Modal>
  );
}

/** The form's 'Salvar' (a submit button: Enter in a field and Ctrl+S save too). */
export function SaveButton({ saving, fullWidth = true }: { saving: boolean; fullWidth?: boolean }) {
  return (
    <Button
      type="submit"
      size="md"
      loading={saving}
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
      data-testid="save"
      fullWidth={fullWidth}
    >
      {BACKOFFICE_MESSAGES.save}
    </Button>
  );
}

/** 'Salvar' in the side panel with the shortcut under it. */
export function PanelSave({ saving }: { saving: boolean }) {
  return (
    <>
      <SaveButton saving={saving} />
      <Text size="xs" c="dimmed" ta="center" mt={-6}>
        {BACKOFFICE_MESSAGES.shortcut}
      </Text>
    </>
  );
}

/** The side panel's delete button of a stored item (it asks first: `deletion.ask`). */
export function PanelDelete({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      leftSection={<IconTrash size={14} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}

/** ' · Alterações não salvas', after what the panel says of the stored item. */
export function Unsaved() {
  return (
    <Text span c="orange.8" fw={600} size="xs" data-testid="unsaved">
      {' · '}
      {BACKOFFICE_MESSAGES.unsaved}
    </Text>
  );
}

/** The line under a panel's title: what is stored (`summary`), and ' · Alterações não salvas'. */
export function SavedState({ summary, dirty }: { summary: ReactNode; dirty: boolean }) {
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {summary}
      {dirty && <Unsaved />}
    </Text>
  );
}

export interface EditorLayoutProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSave: () => void;
  /** The form's accessible name. */
  label: string;
  'data-testid': string;
  /** The fields on the left. */
  main: ReactNode;
  /** The sticky panel on the right (one column on a phone). */
  side: ReactNode;
  sideLabel: string;
  /** On a phone, 'Salvar' stuck to the bottom of the screen (null: the panel has it). */
  saveBar?: ReactNode;
}

/**
 * The editor's form: fields on the left, a sticky panel on the right at 1280 px, one column on a
 * phone. Submitting it (Enter in a field, 'Salvar') saves; the browser's own checks are off, the
 * editor's are in the server's words.
 */
export function EditorLayout({
  formRef,
  onSave,
  label,
  'data-testid': testId,
  main,
  side,
  sideLabel,
  saveBar,
}: EditorLayoutProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form
      ref={formRef}
      className={classes.editor}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      data-testid={testId}
    >
      <div className={classes.editorMain}>{main}</div>
      <aside className={classes.editorSide} aria-label={sideLabel}>
        {side}
      </aside>
      {saveBar && (
        <div className={classes.saveBar} data-testid="save-bar">
          {saveBar}
        </div>
      )}
    </form>
  );
}

/** The editor's shape while the stored item loads: blocks of the given heights in each column. */
export function EditorSkeleton({
  label,
  main = [56, 64, 300],
  side = [260, 220],
}: {
  label: string;
  main?: number[];
  side?: number[];
}) {
  return (
    <div className={classes.editor} aria-busy="true" aria-label={label}>
      <div className={classes.editorMain}>
        {main.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </div>
      <div className={classes.editorSide}>
        {side.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </div>
    </div>
  );
}

/** The delete confirmation of a {@link useDeleteAction}. */
export function DeleteConfirm({
  action,
  title,
  text,
  name,
}: {
  action: { confirming: boolean; cancel: () => void; run: () => void; deleting: boolean };
  title: string;
  text: ReactNode;
  name: string;
}) {
  return (
    <DeleteModal
      opened={action.confirming}
      title={title}
      text={text}
      name={name}
      deleting={action.deleting}
      onCancel={action.cancel}
      onConfirm={action.run}
    />
  );
}

/** A text input bound to a field (`form.text(key)`). */
interface BoundText {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
}

/** Start and end on the station's clock (two `datetime-local` inputs, both required). */
export function PeriodFields({ starts, ends }: { starts: BoundText; ends: BoundText }) {
  return (
    <>
      <TextInput
        type="datetime-local"
        label={BACKOFFICE_MESSAGES.startsLabel}
        leftSection={<IconCalendarTime size={16} aria-hidden />}
        {...starts}
        required
      />
      <TextInput
        type="datetime-local"
        label={BACKOFFICE_MESSAGES.endsLabel}
        description={BACKOFFICE_MESSAGES.clockHint}
        leftSection={<IconCalendarTime size={16} aria-hidden />}
        {...ends}
        required
      />
    </>
  );
}

/**
 * The side panel's first section: its title and the item's badge, what is stored (and whether
 * there are unsaved changes), then the desk's controls.
 */
export function StatusPanel({
  titleId,
  title,
  badge,
  summary,
  dirty,
  children,
}: {
  titleId: string;
  title: string;
  badge: ReactNode;
  summary: ReactNode;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <section className={classes.panel} aria-labelledby={titleId} data-testid="status-panel">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text component="h2" id={titleId} className={classes.panelTitle}>
          {title}
        </Text>
        {badge}
      </Group>
      <SavedState summary={summary} dirty={dirty} />
      <Stack gap="sm" mt="md">
        {children}
      </Stack>
    </section>
  );
}

/** Switches, one a field, each with its label and, where it helps, a hint. */
export function Switches<K extends string>({
  options,
  check,
}: {
  options: { key: K; label: string; description?: string }[];
  check: (key: K) => { checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
}) {
  return options.map(({ key, label, description }) => (
    <Switch key={key} label={label} description={description} {...check(key)} />
  ));
}

/** A desk's words around an editor (its messages object has them). */
interface FrameTexts {
  staleTitle: string;
  reload: string;
  leaveText: string;
}

export interface ItemEditorFrameProps extends Omit<EditorLayoutProps, 'formRef'> {
  /** The editor's state (`useItemEditor`). */
  form: { stale: boolean; guard: LeaveGuard; formRef: RefObject<HTMLFormElement | null> };
  texts: FrameTexts;
  /** The server's sentence for a stale save (its *_STALE message). */
  staleMessage: string;
  onReload?: () => void;
  /** Drawn under the form (a promotion's answers and draw). */
  below?: ReactNode;
  /** The editor's own dialogs (the delete confirmation). */
  children?: ReactNode;
}

/** An item editor's page: the 409 alert, the form ({@link EditorLayout}), and 'Sair sem salvar?'. */
export function ItemEditorFrame({
  form,
  texts,
  staleMessage,
  onReload,
  below,
  children,
  ...layout
}: ItemEditorFrameProps) {
  return (
    <>
      {form.stale && (
        <StaleAlert
          title={texts.staleTitle}
          message={staleMessage}
          reloadLabel={texts.reload}
          onReload={onReload}
        />
      )}
      <EditorLayout formRef={form.formRef} {...layout} />
      {below}
      <LeaveModal guard={form.guard} text={texts.leaveText} />
      {children}
    </>
  );
}

/**
 * An item's title: a text area that grows, so a long title stays readable on a phone, though it is
 * one line (Enter does not break it, a pasted break becomes a space); its count on the right.
 */
export function HeadlineField({
  label,
  description,
  value,
  onChange,
  error,
  max,
  'data-testid': testId,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  max: number;
  'data-testid'?: string;
}) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\s*\n\s*/g, ' '))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      error={error}
      required
      autosize
      minRows={1}
      maxRows={4}
      size="md"
      classNames={{ input: classes.headlineInput }}
      rightSection={<Counter text={value} max={max} />}
      rightSectionWidth={72}
      data-testid={testId}
    />
  );
}
