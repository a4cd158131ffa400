import { useCallback } from 'react';
import { Group, NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import {
  Counter,
  DeleteConfirm,
  ItemEditorFrame,
  PeriodFields,
  PanelDelete,
  PanelSave,
  SaveButton,
  StatusPanel,
} from '@/features/backoffice/editor/EditorParts';
import {
  useDeleteAction,
  useItemEditor,
  useSaveShortcut,
} from '@/features/backoffice/editor/use-editor-form';
import { RichTextField } from '@/features/backoffice/fields/RichTextField';
import { formatCount, toStationLocal } from '@/features/backoffice/format';
import type { HuntDraft } from '@/generated/HuntDraft';
import { limits, messages } from '@/generated/validation-rules';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { useDeleteHunt, useSaveHunt } from '../api/promotions-api';
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

const FAILURE = {
  fieldOf: fieldOfHuntMessage,
  toErrors: (field: keyof HuntFormValues, message: string): HuntErrors => ({
    fields: { [field]: message },
    prizes: {},
  }),
  saveError: PROMO_MESSAGES.saveError,
  texts: PROMO_MESSAGES,
};

/**
 * The treasure hunt editor: texts and prizes on the left, a sticky panel on the right at 1280 px
 * (status, Ativa, period, chance, Salvar, Excluir), one column on a phone with 'Salvar' stuck to the
 * bottom. The promotion editor's behaviour: Ctrl/Cmd+S, the 409 alert, the unsaved-changes guard.
 */
export function HuntEditor({ userId, draft: loaded, onReload }: HuntEditorProps) {
  const form = useItemEditor<HuntDraft, HuntFormValues, HuntErrors>(loaded, {
    initial: () => (loaded ? valuesFromHunt(loaded) : newValues()),
    noErrors: NO_ERRORS,
    same: sameHuntValues,
    hasErrors,
    errorOf: (current, key) => current.fields[key],
    clearError: (current, key) =>
      current.fields[key]
        ? { ...current, fields: { ...current.fields, [key]: undefined } }
        : current,
  });
  const { values, errors, set, guard, setErrors, draft } = form;
  const save = useSaveHunt(userId);
  const remove = useDeleteHunt(userId);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;
  const stock = draft?.stock ?? [];

  const clearPrizeError = useCallback(
    (key: string, field: PrizeField) => {
      setErrors((current) =>
        current.prizes[key]?.[field]
          ? {
              ...current,
              prizes: { ...current.prizes, [key]: { ...current.prizes[key], [field]: undefined } },
            }
          : current,
      );
    },
    [setErrors],
  );

  const submit = () => {
    if (save.isPending) return;
    const sent = form.valuesRef.current;
    if (!form.accept(validateHunt(sent, draft?.stock ?? []))) return;
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toHuntInput(sent, before) },
      {
        onSuccess: (saved) => {
          toast.success(messages.HUNT_SAVED);
          // A new hunt moves to its own address, where the editor starts again from the stored
          // copy (already cached): nothing here is left for a click to act on in between.
          if (!before) guard.leave(huntEditPath(saved.id), { replace: true });
          else form.stored(saved, { ...valuesFromHunt(saved), rules: sent.rules }, sent);
        },
        onError: (error) => form.failed(error, FAILURE),
      },
    );
  };
  useSaveShortcut(submit);

  // A 409 is HUNT_HAS_WINS: the server's sentence says what to do instead.
  const deletion = useDeleteAction({
    id: draft?.id,
    remove,
    guard,
    deleted: messages.HUNT_DELETED,
    listPath: HUNTS_PATH,
    texts: PROMO_MESSAGES,
  });

  return (
    <ItemEditorFrame
      form={form}
      texts={PROMO_MESSAGES}
      staleMessage={messages.HUNT_STALE}
      onReload={onReload}
      onSave={submit}
      label={draft ? PROMO_MESSAGES.editHunt : PROMO_MESSAGES.newHunt}
      data-testid="hunt-editor"
      main={
        <>
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
        </>
      }
      sideLabel={PROMO_MESSAGES.details}
      saveBar={narrow && <SaveButton saving={save.isPending} />}
      side={
        <StatusPanel
          titleId="hunt-status-title"
          title={PROMO_MESSAGES.situation}
          badge={draft && <StatusBadge status={draft.status} hunt />}
          dirty={form.dirty}
          summary={
            draft
              ? `${formatCount(draft.players)} ${PROMO_MESSAGES.players.toLowerCase()}`
              : PROMO_MESSAGES.notSavedYet
          }
        >
          <Switch
            label={PROMO_MESSAGES.activeLabel}
            description={PROMO_MESSAGES.activeHint}
            {...form.check('isActive')}
          />
          <PeriodFields starts={form.text('startsAt')} ends={form.text('endsAt')} />
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
          {!narrow && <PanelSave saving={save.isPending} />}
          {draft && (
            <Group justify="flex-end">
              <PanelDelete
                label={PROMO_MESSAGES.delete}
                onClick={deletion.ask}
                disabled={save.isPending}
              />
            </Group>
          )}
        </StatusPanel>
      }
    >
      <DeleteConfirm
        action={deletion}
        title={PROMO_MESSAGES.deleteHuntTitle}
        text={PROMO_MESSAGES.deleteHuntText}
        name={draft?.title ?? ''}
      />
    </ItemEditorFrame>
  );
}
