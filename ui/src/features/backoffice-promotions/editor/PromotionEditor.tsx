import { Button, Group, Input, SegmentedControl, Switch, Textarea, TextInput } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import {
  Counter,
  DeleteConfirm,
  HeadlineField,
  ItemEditorFrame,
  PeriodFields,
  PanelDelete,
  PanelSave,
  SaveButton,
  StatusPanel,
  Switches,
} from '@/features/backoffice/editor/EditorParts';
import {
  useDeleteAction,
  useItemEditor,
  useSaveShortcut,
} from '@/features/backoffice/editor/use-editor-form';
import { ImageField } from '@/features/backoffice/fields/ImageField';
import { RichTextField } from '@/features/backoffice/fields/RichTextField';
import {
  formatCount,
  fromStationLocal,
  stationIso,
  toStationLocal,
} from '@/features/backoffice/format';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import { limits, messages } from '@/generated/validation-rules';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { PROMO_IMAGES, useDeletePromotion, useSavePromotion } from '../api/promotions-api';
import { PROMO_MESSAGES, PROMOTIONS_PATH, promotionEditPath } from '../messages';
import { StatusBadge } from '../StatusBadge';
import { AnswersPanel } from './AnswersPanel';
import { DrawPanel } from './DrawPanel';
import {
  EMPTY_PROMOTION,
  fieldOfServerMessage,
  toInput,
  validatePromotion,
  valuesFromDraft,
  type PromotionFormValues,
} from './promotion-form';
import classes from '../Promotions.module.css';
import shared from '@/features/backoffice/Backoffice.module.css';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long 'Abrir agora' keeps a promotion open when its end is already past. */
const OPEN_NOW_DAYS = 7;

export interface PromotionEditorProps {
  userId: number;
  /** The promotion as loaded; null for a new one. */
  draft: PromotionDraft | null;
  /** Loads the promotion again after someone else saved it (409). */
  onReload?: () => void;
}

/** What a save was asked for: the form as it is, or a quick action's switch and exact dates. */
interface SaveOptions {
  patch?: Partial<PromotionFormValues>;
  dates?: { startsAt: string; endsAt: string };
  /** The toast after it worked (PROMO_SAVED by default). */
  done?: string;
}

/** A new promotion starts at the next full hour and runs a week: the usual shape, easy to change. */
function newValues(): PromotionFormValues {
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
  return {
    ...EMPTY_PROMOTION,
    startsAt: toStationLocal(new Date(start).toISOString()),
    endsAt: toStationLocal(new Date(start + OPEN_NOW_DAYS * DAY_MS).toISOString()),
  };
}

/** The participation switches, in the panel's order. */
const OPTIONS: {
  key: keyof PromotionFormValues & `is${string}`;
  label: string;
  description?: string;
}[] = [
  { key: 'isPro', label: PROMO_MESSAGES.proLabel },
  {
    key: 'isEditable',
    label: PROMO_MESSAGES.editableLabel,
    description: PROMO_MESSAGES.editableHint,
  },
  {
    key: 'isMultiple',
    label: PROMO_MESSAGES.multipleLabel,
    description: PROMO_MESSAGES.multipleHint,
  },
  {
    key: 'isSingleWord',
    label: PROMO_MESSAGES.singleWordLabel,
    description: PROMO_MESSAGES.singleWordHint,
  },
];

const FAILURE = {
  fieldOf: fieldOfServerMessage,
  saveError: PROMO_MESSAGES.saveError,
  texts: PROMO_MESSAGES,
};

/**
 * The promotion editor: texts on the left (title, short description, description, rules, question),
 * a sticky panel on the right at 1280 px (status, period, publication, quick actions, pictures and
 * options), one column on a phone with 'Salvar' stuck to the bottom of the screen. Below, for a
 * stored promotion, its answers and its draw. Ctrl/Cmd+S saves; leaving unsaved asks first.
 */
export function PromotionEditor({ userId, draft: loaded, onReload }: PromotionEditorProps) {
  const form = useItemEditor<PromotionDraft, PromotionFormValues>(loaded, {
    initial: () => (loaded ? valuesFromDraft(loaded) : newValues()),
    noErrors: {},
  });
  const { values, errors, set, guard, valuesRef, draft } = form;
  const save = useSavePromotion(userId);
  const remove = useDeletePromotion(userId);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;

  const submit = (options: SaveOptions = {}) => {
    if (save.isPending) return;
    const started = valuesRef.current;
    const sent: PromotionFormValues = { ...started, ...options.patch };
    const problems = validatePromotion(sent);
    // A quick action's dates are computed, not typed: the inputs' problems do not stop it.
    if (options.dates) {
      delete problems.startsAt;
      delete problems.endsAt;
    }
    if (!form.accept(problems)) return;
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toInput(sent, before, options.dates) },
      {
        onSuccess: (saved) => {
          toast.success(options.done ?? messages.PROMO_SAVED);
          // A new promotion moves to its own address, where the editor starts again from the stored
          // copy (already cached). Nothing is shown here first: a quick action clicked in between
          // would act on an editor about to go away.
          if (!before) guard.leave(promotionEditPath(saved.id), { replace: true });
          // The server trims and sanitises; the rich texts stay what tiptap holds.
          else
            form.stored(
              saved,
              { ...valuesFromDraft(saved), description: sent.description, rules: sent.rules },
              started,
            );
        },
        onError: (error) => form.failed(error, FAILURE),
      },
    );
  };
  useSaveShortcut(submit);

  /** 'Abrir agora': published, from now, until the end set (or a week from now if it is past). */
  const openNow = () => {
    const now = Date.now();
    const end = fromStationLocal(valuesRef.current.endsAt);
    const endsAt = end && Date.parse(end) > now ? end : stationIso(now + OPEN_NOW_DAYS * DAY_MS);
    submit({
      patch: { isPublished: true },
      dates: { startsAt: stationIso(now), endsAt },
      done: PROMO_MESSAGES.opened,
    });
  };

  /**
   * 'Encerrar agora': ends now. A promotion that had not started yet gets a start a minute ago,
   * since the end must come after the start.
   */
  const closeNow = () => {
    const now = Date.now();
    const start = fromStationLocal(valuesRef.current.startsAt);
    const startsAt = start && Date.parse(start) < now ? start : stationIso(now - 60_000);
    submit({ dates: { startsAt, endsAt: stationIso(now) }, done: PROMO_MESSAGES.closed });
  };

  // A 409 is PROMO_HAS_ANSWERS: the server's sentence says what to do instead.
  const deletion = useDeleteAction({
    id: draft?.id,
    remove,
    guard,
    deleted: messages.PROMO_DELETED,
    listPath: PROMOTIONS_PATH,
    texts: PROMO_MESSAGES,
  });

  return (
    <ItemEditorFrame
      form={form}
      texts={PROMO_MESSAGES}
      staleMessage={messages.PROMO_STALE}
      onReload={onReload}
      onSave={submit}
      label={draft ? PROMO_MESSAGES.editPromotion : PROMO_MESSAGES.newPromotion}
      data-testid="promotion-editor"
      main={
        <>
          <HeadlineField
            label={PROMO_MESSAGES.titleLabel}
            value={values.title}
            onChange={(title) => set('title', title)}
            error={errors.title}
            max={limits.PROMO_TITLE_MAX}
          />
          <Textarea
            label={PROMO_MESSAGES.shortDescriptionLabel}
            description={PROMO_MESSAGES.shortDescriptionHint}
            value={values.shortDescription}
            onChange={(event) => set('shortDescription', event.currentTarget.value)}
            error={errors.shortDescription}
            autosize
            minRows={2}
            maxRows={4}
            rightSection={
              <Counter text={values.shortDescription} max={limits.PROMO_SHORT_DESCRIPTION_MAX} />
            }
            rightSectionWidth={72}
          />
          <RichTextField
            label={PROMO_MESSAGES.descriptionLabel}
            initialHtml={values.description}
            onChange={(html) => set('description', html)}
            error={errors.description}
            media={PROMO_IMAGES}
            minHeight={260}
            data-testid="field-description"
          />
          <RichTextField
            label={PROMO_MESSAGES.rulesLabel}
            description={PROMO_MESSAGES.rulesHint}
            initialHtml={values.rules}
            onChange={(html) => set('rules', html)}
            error={errors.rules}
            minHeight={200}
            data-testid="field-rules"
          />
          <TextInput
            label={PROMO_MESSAGES.questionLabel}
            description={PROMO_MESSAGES.questionHint}
            value={values.question}
            onChange={(event) => set('question', event.currentTarget.value)}
            error={errors.question}
            rightSection={<Counter text={values.question} max={limits.PROMO_QUESTION_MAX} />}
            rightSectionWidth={72}
          />
        </>
      }
      sideLabel={PROMO_MESSAGES.details}
      saveBar={narrow && <SaveButton saving={save.isPending} />}
      side={
        <>
          <StatusPanel
            titleId="promotion-status-title"
            title={PROMO_MESSAGES.situation}
            badge={draft && <StatusBadge status={draft.status} />}
            dirty={form.dirty}
            summary={
              draft
                ? `${formatCount(draft.answers)} ${draft.answers === 1 ? 'resposta' : 'respostas'} · ${formatCount(draft.participants)} ${PROMO_MESSAGES.participants}`
                : PROMO_MESSAGES.notSavedYet
            }
          >
            <Switch
              label={PROMO_MESSAGES.publishedLabel}
              description={PROMO_MESSAGES.publishedHint}
              {...form.check('isPublished')}
            />
            <PeriodFields starts={form.text('startsAt')} ends={form.text('endsAt')} />
            {!narrow && <PanelSave saving={save.isPending} />}
            {draft && (
              <Group grow gap="xs">
                {draft.status !== 'open' && (
                  <Button
                    variant="light"
                    color="teal"
                    leftSection={<IconPlayerPlay size={16} aria-hidden />}
                    onClick={openNow}
                    disabled={save.isPending}
                  >
                    {PROMO_MESSAGES.openNow}
                  </Button>
                )}
                {(draft.status === 'open' || draft.status === 'scheduled') && (
                  <Button
                    variant="light"
                    color="orange"
                    leftSection={<IconPlayerStop size={16} aria-hidden />}
                    onClick={closeNow}
                    disabled={save.isPending}
                  >
                    {PROMO_MESSAGES.closeNow}
                  </Button>
                )}
              </Group>
            )}
            {draft && (
              <Group justify="space-between" gap="xs">
                <Button
                  component="a"
                  href={draft.url}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                  size="xs"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                >
                  {PROMO_MESSAGES.viewOnSite}
                </Button>
                <PanelDelete
                  label={PROMO_MESSAGES.delete}
                  onClick={deletion.ask}
                  disabled={save.isPending}
                />
              </Group>
            )}
          </StatusPanel>
          <section className={shared.panel} aria-label={PROMO_MESSAGES.pictures}>
            <div className={shared.sideStack}>
              <ImageField
                label={PROMO_MESSAGES.imageLabel}
                description={PROMO_MESSAGES.imageHint}
                value={values.imageUrl}
                onChange={(url) => set('imageUrl', url)}
                error={errors.imageUrl}
                uploads={PROMO_IMAGES}
                data-testid="image-field"
              />
              <ImageField
                label={PROMO_MESSAGES.bannerLabel}
                description={PROMO_MESSAGES.bannerHint}
                value={values.bannerUrl}
                onChange={(url) => set('bannerUrl', url)}
                error={errors.bannerUrl}
                uploads={PROMO_IMAGES}
                data-testid="banner-field"
              />
              <Input.Wrapper
                label={PROMO_MESSAGES.colorSchemeLabel}
                labelElement="div"
                error={errors.colorScheme}
              >
                <SegmentedControl
                  aria-label={PROMO_MESSAGES.colorSchemeLabel}
                  fullWidth
                  mt={4}
                  value={values.colorScheme}
                  onChange={(value) => set('colorScheme', value === 'D' ? 'D' : 'L')}
                  data={[
                    { value: 'L', label: PROMO_MESSAGES.light },
                    { value: 'D', label: PROMO_MESSAGES.dark },
                  ]}
                />
              </Input.Wrapper>
            </div>
          </section>
          <section className={shared.panel} aria-label={PROMO_MESSAGES.options}>
            <div className={shared.sideStack}>
              <Switches options={OPTIONS} check={form.check} />
              <TextInput
                label={PROMO_MESSAGES.affiliateLabel}
                description={PROMO_MESSAGES.affiliateHint}
                {...form.text('affiliate')}
              />
            </div>
          </section>
        </>
      }
      below={
        draft && (
          <div className={classes.below}>
            <AnswersPanel userId={userId} promotionId={draft.id} total={draft.answers} />
            <DrawPanel key={draft.status} userId={userId} draft={draft} />
          </div>
        )
      }
    >
      <DeleteConfirm
        action={deletion}
        title={PROMO_MESSAGES.deletePromotionTitle}
        text={PROMO_MESSAGES.deletePromotionText}
        name={draft?.title ?? ''}
      />
    </ItemEditorFrame>
  );
}
