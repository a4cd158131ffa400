import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { LeaveModal } from '@/features/backoffice/editor/EditorParts';
import type { ScheduleEditor } from '@/generated/ScheduleEditor';
import type { SlotFill } from '@/generated/SlotFill';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_SM } from '@/lib/constants';
import { toast } from '@/lib/toast';
import {
  isConflict,
  useDeleteException,
  useDeleteSlot,
  useSaveException,
  useSaveSlot,
} from '../api/schedule-api';
import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES, WEEKDAYS } from '../messages';
import {
  initialValues,
  presentersFor,
  toExceptionInput,
  toSlotInput,
  validate,
  type FormTarget,
  type SlotFormErrors,
  type SlotFormValues,
} from './slot-form';

/** The server's refusal, shown in the form as it came: a 400's rule, a 409's stale version. */
interface Refusal {
  message: string;
  stale: boolean;
}

function refusalOf(error: unknown, fallback: string): Refusal {
  // A 400 without a sentence of its own ('invalid data': a body the server could not read) is ours.
  if (
    error instanceof ApiError &&
    (error.code === 400 || error.code === 409) &&
    error.message &&
    error.message !== 'invalid data'
  )
    return { message: error.message, stale: isConflict(error) };
  if (error instanceof ApiError && error.code === 401)
    return { message: M.loginRequired, stale: false };
  if (error instanceof ApiError && error.code === 403)
    return { message: M.noPermission, stale: false };
  return { message: fallback, stale: false };
}

/** 'Novo horário', 'Editar mudança de programação', … */
function formTitle(target: FormTarget): string {
  if (target.kind === 'exception') return target.exception ? M.editException : M.newException;
  return target.slot ? M.editSlot : M.newSlot;
}

export interface SlotFormModalProps {
  userId: number;
  editor: ScheduleEditor;
  /** What is open; null: the form is closed. */
  target: FormTarget | null;
  onClose: () => void;
  /** Loads the grid again (after a 409: the form's version is stale). */
  onReload: () => void;
}

/**
 * The form of a weekly slot or a one-off change, in a dialog (full screen on a phone): programme,
 * day or date, hours, presenters, what fills it and its playlist. 'Excluir' asks first, in the same
 * dialog. The server's own sentence for a refusal (an overlap, a stale version) stays in the form.
 * Closing it with changes not saved (Esc, the ×, a click beside it, 'Cancelar') asks first.
 */
export function SlotFormModal({ target, onClose, ...rest }: SlotFormModalProps) {
  const phone = useBreakpoint().width < BREAKPOINT_SM;
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    dirty.current = false;
    onClose();
  };
  const requestClose = () => (dirty.current ? setAsking(true) : close());
  const onDirty = useCallback((changed: boolean) => {
    dirty.current = changed;
  }, []);
  return (
    <>
      <Modal
        opened={target !== null}
        onClose={requestClose}
        title={target ? formTitle(target) : ''}
        size="lg"
        fullScreen={phone}
        centered
        data-testid="slot-form"
      >
        {/* A fresh form for each opening: its values come from what was clicked. */}
        {target && (
          <SlotForm
            target={target}
            onClose={close}
            onCancel={requestClose}
            onDirty={onDirty}
            {...rest}
          />
        )}
      </Modal>
      <LeaveModal
        guard={{
          pending: asking ? 'close' : null,
          cancelLeave: () => setAsking(false),
          confirmLeave: close,
        }}
        text={target?.kind === 'exception' ? M.exceptionLeaveText : M.slotLeaveText}
      />
    </>
  );
}

function SlotForm({
  userId,
  editor,
  target,
  onClose,
  onCancel,
  onDirty,
  onReload,
}: Omit<SlotFormModalProps, 'target'> & {
  target: FormTarget;
  /** 'Cancelar': asks first when there are changes. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const [initial] = useState<SlotFormValues>(() => initialValues(target, editor.today));
  const [values, setValues] = useState<SlotFormValues>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const [errors, setErrors] = useState<SlotFormErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saveSlot = useSaveSlot(userId, editor.streamId);
  const saveException = useSaveException(userId, editor.streamId);
  const deleteSlot = useDeleteSlot(userId, editor.streamId);
  const deleteException = useDeleteException(userId, editor.streamId);
  const isException = target.kind === 'exception';
  const stored = target.kind === 'slot' ? target.slot : target.exception;
  const saving = saveSlot.isPending || saveException.isPending;
  const deleting = deleteSlot.isPending || deleteException.isPending;

  const set = <K extends keyof SlotFormValues>(key: K, value: SlotFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = validate(values, target.kind);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setRefusal(null);
    const callbacks = {
      onSuccess: () => {
        toast.success(isException ? M.exceptionSaved : M.slotSaved);
        onClose();
      },
      onError: (error: Error) => setRefusal(refusalOf(error, M.saveError)),
    };
    if (target.kind === 'slot')
      saveSlot.mutate(
        { id: target.slot?.id ?? null, input: toSlotInput(values, target.slot) },
        callbacks,
      );
    else
      saveException.mutate(
        { id: target.exception?.id ?? null, input: toExceptionInput(values, target.exception) },
        callbacks,
      );
  };

  const onDelete = () => {
    if (!stored) return;
    const callbacks = {
      onSuccess: () => {
        toast.success(isException ? M.exceptionDeleted : M.slotDeleted);
        onClose();
      },
      onError: (error: Error) => {
        setConfirming(false);
        setRefusal(refusalOf(error, M.deleteError));
      },
    };
    if (target.kind === 'slot') deleteSlot.mutate(stored.id, callbacks);
    else deleteException.mutate(stored.id, callbacks);
  };

  if (confirming) {
    return (
      <Stack gap="md" data-testid="slot-delete-confirm">
        <Text fw={700}>{isException ? M.deleteExceptionTitle : M.deleteSlotTitle}</Text>
        <Text size="sm">{isException ? M.deleteExceptionText : M.deleteSlotText}</Text>
        {stored && (
          <Text size="sm" fw={600}>
            {stored.programTitle} · {stored.start}–{stored.end}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {M.cancel}
          </Button>
          <Button
            color="red"
            loading={deleting}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            data-testid="confirm-delete"
          >
            {M.delete}
          </Button>
        </Group>
      </Stack>
    );
  }

  const playlistData = [
    {
      value: '',
      label: values.fill === 'playlist' ? M.choosePlaylist : M.defaultNone,
    },
    ...editor.playlists.map((playlist) => ({ value: String(playlist.id), label: playlist.name })),
  ];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={formTitle(target)}
      data-testid="slot-form-fields"
    >
      <Stack gap="md">
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={refusal.stale ? M.staleTitle : undefined}
            role="alert"
            data-testid="slot-form-error"
          >
            <Text size="sm">{refusal.message}</Text>
            {refusal.stale && (
              <Button
                mt="sm"
                size="xs"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => {
                  onReload();
                  onClose();
                }}
              >
                {M.reloadGrid}
              </Button>
            )}
          </Alert>
        )}
        {isException && (
          <TextInput
            type="date"
            label={M.date}
            value={values.date}
            min={editor.today}
            onChange={(event) => set('date', event.currentTarget.value)}
            error={errors.date}
            required
            data-autofocus
          />
        )}
        <NativeSelect
          label={M.program}
          value={values.programId}
          onChange={(event) => {
            const programId = event.currentTarget.value;
            setValues((current) => ({
              ...current,
              programId,
              presenters: presentersFor(current, programId, editor.programs),
            }));
            setErrors((current) => ({ ...current, programId: undefined }));
          }}
          data={[
            { value: '', label: M.programPlaceholder },
            ...editor.programs.map((program) => ({
              value: String(program.id),
              label: program.title,
            })),
          ]}
          error={errors.programId}
          required
          data-autofocus={isException ? undefined : true}
        />
        {!isException && (
          <NativeSelect
            label={M.weekday}
            value={values.weekday}
            onChange={(event) => set('weekday', event.currentTarget.value)}
            data={WEEKDAYS.map((day) => ({ value: String(day), label: WEEKDAY_NAMES[day] ?? '' }))}
            required
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="time"
            label={M.start}
            value={values.start}
            onChange={(event) => set('start', event.currentTarget.value)}
            error={errors.start}
            required
          />
          <TextInput
            type="time"
            label={M.end}
            value={values.end}
            onChange={(event) => set('end', event.currentTarget.value)}
            error={errors.end}
            required
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {M.endHint}
        </Text>
        <TextInput
          label={M.presenters}
          description={M.presentersHint}
          value={values.presenters}
          onChange={(event) => set('presenters', event.currentTarget.value)}
          error={errors.presenters}
        />
        <Radio.Group
          label={M.fill}
          value={values.fill}
          onChange={(value) => set('fill', value as SlotFill)}
          required
        >
          <Group gap="lg" mt={6}>
            <Radio value="live" label={M.live} />
            <Radio value="playlist" label={M.playlist} />
          </Group>
        </Radio.Group>
        <NativeSelect
          label={values.fill === 'playlist' ? M.playlistLabel : M.fallbackLabel}
          description={
            editor.playlists.length === 0
              ? M.noPlaylists
              : values.fill === 'playlist'
                ? undefined
                : M.fallbackHint
          }
          value={values.playlistId}
          onChange={(event) => set('playlistId', event.currentTarget.value)}
          data={playlistData}
          error={errors.playlistId}
          required={values.fill === 'playlist'}
        />
        {isException && (
          <TextInput
            label={M.note}
            description={M.noteHint}
            value={values.note}
            onChange={(event) => set('note', event.currentTarget.value)}
          />
        )}
        <Group justify="space-between" gap="sm" mt="xs">
          {stored ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={saving}
            >
              {M.delete}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {M.cancel}
            </Button>
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              data-testid="slot-save"
            >
              {M.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
