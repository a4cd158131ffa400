import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCalendarTime, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { RichTextField } from '@/features/newsroom/editor/RichTextField';
import { useUnsavedGuard } from '@/features/newsroom/editor/use-unsaved-guard';
import { formatCount, toStationLocal } from '@/features/newsroom/format';
import type { HuntDraft } from '@/generated/HuntDraft';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { isConflict, useDeleteHunt, useSaveHunt } from '../api/promotions-api';
import { Counter, DeleteModal, LeaveModal, StaleAlert } from '../editor/EditorParts';
import { failureText } from '../editor/editor-helpers';
import { HUNTS_PATH, huntEditPath, PROMO_MESSAGES } from '../messages';
import { StatusBadge } from '../StatusBadge';
import {
  emptyPrize,
  fieldOfHuntMessage,
  hasErrors,
  NO_ERRORS,
  sameHuntValues,
  toHuntInput,
  validateHunt,
  valuesFromHunt,
  type HuntErrors,
  type HuntFormValues,
  type PrizeField,
} from './hunt-form';
import { PrizesField } from './PrizesField';
import classes from '../Promotions.module.css';
import shared from '@/features/newsroom/Newsroom.module.css';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface HuntEditorProps {
  userId: number;
  /** The hunt as loaded; null for a new one. */
  draft: HuntDraft | null;
  /** Loads the hunt again after someone else saved it (409). */
  onReload?: () => void;
}

/** A new hunt: from the next full hour for a month, inactive, 1% a page, one prize to fill in. */
function newValues(): HuntFormValues {
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
  return {
    title: '',
    description: '',
    rules: '',
    bannerMessage: '',
    isActive: false,
    startsAt: toStationLocal(new Date(start).toISOString()),
    endsAt: toStationLocal(new Date(start + 30 * DAY_MS).toISOString()),
    chance: 1,
    prizes: [emptyPrize()],
  };
}

/**
 * The treasure hunt editor: texts and prizes on the left, a sticky panel on the right at 1280 px
 * (status, Ativa, period, chance, Salvar, Excluir), one column on a phone with 'Salvar' stuck to the
 * bottom. The promotion editor's behaviour: Ctrl/Cmd+S, the 409 alert, the unsaved-changes guard.
 */
export function HuntEditor({ userId, draft: loaded, onReload }: HuntEditorProps) {
  const [draft, setDraft] = useState<HuntDraft | null>(loaded);
  const [baseline, setBaseline] = useState<HuntFormValues>(() =>
    loaded ? valuesFromHunt(loaded) : newValues(),
  );
  const [values, setValues] = useState<HuntFormValues>(baseline);
  const [errors, setErrors] = useState<HuntErrors>(NO_ERRORS);
  const [stale, setStale] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const save = useSaveHunt(userId);
  const remove = useDeleteHunt(userId);
  const dirty = !sameHuntValues(values, baseline);
  const guard = useUnsavedGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;
  const stock = draft?.stock ?? [];

  const set = useCallback(<K extends keyof HuntFormValues>(key: K, value: HuntFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) =>
      current.fields[key]
        ? { ...current, fields: { ...current.fields, [key]: undefined } }
        : current,
    );
  }, []);

  const clearPrizeError = useCallback((key: string, field: PrizeField) => {
    setErrors((current) =>
      current.prizes[key]?.[field]
        ? {
            ...current,
            prizes: { ...current.prizes, [key]: { ...current.prizes[key], [field]: undefined } },
          }
        : current,
    );
  }, []);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center' });
    });

  const submit = () => {
    if (save.isPending) return;
    const sent = valuesRef.current;
    const problems = validateHunt(sent, draft?.stock ?? []);
    if (hasErrors(problems)) {
      setErrors(problems);
      toast.error(PROMO_MESSAGES.fixErrors);
      focusFirstError();
      return;
    }
    setErrors(NO_ERRORS);
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toHuntInput(sent, before) },
      {
        onSuccess: (saved) => {
          if (!before) {
            // A new hunt moves to its own address, where the editor starts again from the stored
            // copy (already cached): nothing here is left for a click to act on in between.
            toast.success(messages.HUNT_SAVED);
            guard.leave(huntEditPath(saved.id), { replace: true });
            return;
          }
          setStale(false);
          setDraft(saved);
          const next: HuntFormValues = { ...valuesFromHunt(saved), rules: sent.rules };
          setBaseline(next);
          if (sameHuntValues(valuesRef.current, sent)) setValues(next);
          toast.success(messages.HUNT_SAVED);
        },
        onError: (error) => {
          if (isConflict(error)) {
            setStale(true);
            return;
          }
          const message = error instanceof ApiError ? error.message : '';
          const field = fieldOfHuntMessage(message);
          if (field) {
            setErrors({ fields: { [field]: message }, prizes: {} });
            focusFirstError();
          } else toast.error(failureText(error, PROMO_MESSAGES.saveError));
        },
      },
    );
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDelete = () => {
    if (!draft) return;
    remove.mutate(draft.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(messages.HUNT_DELETED);
        guard.leave(HUNTS_PATH, { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        // A 409 is HUNT_HAS_WINS: the server's sentence says what to do instead.
        toast.error(
          isConflict(error) && error instanceof ApiError
            ? error.message
            : failureText(error, PROMO_MESSAGES.deleteError),
        );
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const saveButton = (
    <Button
      type="submit"
      size="md"
      loading={save.isPending}
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
      data-testid="save"
      fullWidth
    >
      {PROMO_MESSAGES.save}
    </Button>
  );

  return (
    <>
      {stale && <StaleAlert message={messages.HUNT_STALE} onReload={onReload} />}
      <form
        ref={formRef}
        className={shared.editor}
        onSubmit={onSubmit}
        noValidate
        aria-label={draft ? PROMO_MESSAGES.editHunt : PROMO_MESSAGES.newHunt}
        data-testid="hunt-editor"
      >
        <div className={shared.editorMain}>
          <TextInput
            label={PROMO_MESSAGES.titleLabel}
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.fields.title}
            required
            size="md"
            rightSection={<Counter text={values.title} max={limits.HUNT_TITLE_MAX} />}
            rightSectionWidth={72}
          />
          <Textarea
            label={PROMO_MESSAGES.huntDescriptionLabel}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.fields.description}
            autosize
            minRows={3}
            maxRows={8}
            rightSection={<Counter text={values.description} max={limits.HUNT_DESCRIPTION_MAX} />}
            rightSectionWidth={84}
          />
          <TextInput
            label={PROMO_MESSAGES.bannerMessageLabel}
            description={PROMO_MESSAGES.bannerMessageHint}
            value={values.bannerMessage}
            onChange={(event) => set('bannerMessage', event.currentTarget.value)}
            error={errors.fields.bannerMessage}
            rightSection={<Counter text={values.bannerMessage} max={limits.HUNT_BANNER_MAX} />}
            rightSectionWidth={72}
          />
          <RichTextField
            label={PROMO_MESSAGES.rulesLabel}
            description={PROMO_MESSAGES.huntRulesHint}
            initialHtml={values.rules}
            onChange={(html) => set('rules', html)}
            error={errors.fields.rules}
            minHeight={200}
            data-testid="field-rules"
          />
          <PrizesField
            prizes={values.prizes}
            stock={stock}
            errors={errors.prizes}
            listError={errors.fields.prizes}
            onChange={(prizes) => set('prizes', prizes)}
            onFieldEdit={clearPrizeError}
          />
        </div>
        <aside className={shared.editorSide} aria-label={PROMO_MESSAGES.details}>
          <section
            className={shared.panel}
            aria-labelledby="hunt-status-title"
            data-testid="status-panel"
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text component="h2" id="hunt-status-title" className={shared.panelTitle}>
                {PROMO_MESSAGES.situation}
              </Text>
              {draft && <StatusBadge status={draft.status} hunt />}
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {draft
                ? `${formatCount(draft.players)} ${PROMO_MESSAGES.players.toLowerCase()}`
                : PROMO_MESSAGES.notSavedYet}
              {dirty && (
                <Text span c="orange.8" fw={600} size="xs" data-testid="unsaved">
                  {' · '}
                  {PROMO_MESSAGES.unsaved}
                </Text>
              )}
            </Text>
            <Stack gap="sm" mt="md">
              <Switch
                label={PROMO_MESSAGES.activeLabel}
                description={PROMO_MESSAGES.activeHint}
                checked={values.isActive}
                onChange={(event) => set('isActive', event.currentTarget.checked)}
              />
              <TextInput
                type="datetime-local"
                label={PROMO_MESSAGES.startsLabel}
                leftSection={<IconCalendarTime size={16} aria-hidden />}
                value={values.startsAt}
                onChange={(event) => set('startsAt', event.currentTarget.value)}
                error={errors.fields.startsAt}
                required
              />
              <TextInput
                type="datetime-local"
                label={PROMO_MESSAGES.endsLabel}
                description={PROMO_MESSAGES.clockHint}
                leftSection={<IconCalendarTime size={16} aria-hidden />}
                value={values.endsAt}
                onChange={(event) => set('endsAt', event.currentTarget.value)}
                error={errors.fields.endsAt}
                required
              />
              <NumberInput
                label={PROMO_MESSAGES.chanceLabel}
                description={PROMO_MESSAGES.chanceHint}
                value={values.chance}
                onChange={(value) => set('chance', value)}
                error={errors.fields.chance}
                min={0}
                max={100}
                step={0.1}
                decimalScale={4}
                decimalSeparator=","
                allowNegative={false}
                required
                data-testid="field-chance"
              />
              {!narrow && (
                <>
                  {saveButton}
                  <Text size="xs" c="dimmed" ta="center" mt={-6}>
                    {PROMO_MESSAGES.shortcut}
                  </Text>
                </>
              )}
              {draft && (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setConfirmingDelete(true)}
                    disabled={save.isPending}
                  >
                    {PROMO_MESSAGES.delete}
                  </Button>
                </Group>
              )}
            </Stack>
          </section>
        </aside>
        {narrow && (
          <div className={classes.saveBar} data-testid="save-bar">
            {saveButton}
          </div>
        )}
      </form>
      <LeaveModal
        opened={guard.pending !== null}
        onStay={guard.cancelLeave}
        onLeave={guard.confirmLeave}
      />
      <DeleteModal
        opened={confirmingDelete}
        title={PROMO_MESSAGES.deleteHuntTitle}
        text={PROMO_MESSAGES.deleteHuntText}
        name={draft?.title ?? ''}
        deleting={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={onDelete}
      />
    </>
  );
}
