import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconDeviceFloppy,
  IconExternalLink,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { RichTextField } from '@/features/newsroom/editor/RichTextField';
import { useUnsavedGuard } from '@/features/newsroom/editor/use-unsaved-guard';
import { formatCount, fromStationLocal, toStationLocal } from '@/features/newsroom/format';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { isConflict, useDeletePromotion, useSavePromotion } from '../api/promotions-api';
import { stationIso } from '../format';
import { PROMO_MESSAGES, PROMOTIONS_PATH, promotionEditPath } from '../messages';
import { StatusBadge } from '../StatusBadge';
import { AnswersPanel } from './AnswersPanel';
import { DrawPanel } from './DrawPanel';
import { Counter, DeleteModal, LeaveModal, StaleAlert } from './EditorParts';
import { failureText } from './editor-helpers';
import { ImageField } from './ImageField';
import {
  EMPTY_PROMOTION,
  fieldOfServerMessage,
  sameValues,
  toInput,
  validatePromotion,
  valuesFromDraft,
  type PromotionErrors,
  type PromotionFormValues,
} from './promotion-form';
import classes from '../Promotions.module.css';
import shared from '@/features/newsroom/Newsroom.module.css';

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

/**
 * The promotion editor: texts on the left (title, short description, description, rules, question),
 * a sticky panel on the right at 1280 px (status, period, publication, quick actions, pictures and
 * options), one column on a phone with 'Salvar' stuck to the bottom of the screen. Below, for a
 * stored promotion, its answers and its draw. Ctrl/Cmd+S saves; leaving unsaved asks first.
 */
export function PromotionEditor({ userId, draft: loaded, onReload }: PromotionEditorProps) {
  const [draft, setDraft] = useState<PromotionDraft | null>(loaded);
  const [baseline, setBaseline] = useState<PromotionFormValues>(() =>
    loaded ? valuesFromDraft(loaded) : newValues(),
  );
  const [values, setValues] = useState<PromotionFormValues>(baseline);
  const [errors, setErrors] = useState<PromotionErrors>({});
  const [stale, setStale] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const save = useSavePromotion(userId);
  const remove = useDeletePromotion(userId);
  const dirty = !sameValues(values, baseline);
  const guard = useUnsavedGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;

  const set = useCallback(
    <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
    },
    [],
  );

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center' });
    });

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
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      toast.error(PROMO_MESSAGES.fixErrors);
      focusFirstError();
      return;
    }
    setErrors({});
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toInput(sent, before, options.dates) },
      {
        onSuccess: (saved) => {
          if (!before) {
            // A new promotion moves to its own address, where the editor starts again from the stored
            // copy (already cached). Nothing is shown here first: a quick action clicked in between
            // would act on an editor about to go away.
            toast.success(options.done ?? messages.PROMO_SAVED);
            guard.leave(promotionEditPath(saved.id), { replace: true });
            return;
          }
          setStale(false);
          setDraft(saved);
          // The server trims and sanitises; the rich texts stay what tiptap holds.
          const next: PromotionFormValues = {
            ...valuesFromDraft(saved),
            description: sent.description,
            rules: sent.rules,
          };
          setBaseline(next);
          // Typed while saving? Keep it (still unsaved); else show the stored values.
          if (sameValues(valuesRef.current, started)) setValues(next);
          toast.success(options.done ?? messages.PROMO_SAVED);
        },
        onError: (error) => {
          if (isConflict(error)) {
            setStale(true);
            return;
          }
          const message = error instanceof ApiError ? error.message : '';
          const field = fieldOfServerMessage(message);
          if (field) {
            setErrors({ [field]: message });
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

  // Ctrl+S / Cmd+S saves from anywhere on the page, the rich texts included.
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

  const onDelete = () => {
    if (!draft) return;
    remove.mutate(draft.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(messages.PROMO_DELETED);
        guard.leave(PROMOTIONS_PATH, { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        // A 409 is PROMO_HAS_ANSWERS: the server's sentence says what to do instead.
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
      {stale && <StaleAlert message={messages.PROMO_STALE} onReload={onReload} />}
      <form
        ref={formRef}
        className={shared.editor}
        onSubmit={onSubmit}
        noValidate
        aria-label={draft ? PROMO_MESSAGES.editPromotion : PROMO_MESSAGES.newPromotion}
        data-testid="promotion-editor"
      >
        <div className={shared.editorMain}>
          <Textarea
            label={PROMO_MESSAGES.titleLabel}
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value.replace(/\s*\n\s*/g, ' '))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            error={errors.title}
            required
            autosize
            minRows={1}
            maxRows={4}
            size="md"
            classNames={{ input: shared.headlineInput }}
            rightSection={<Counter text={values.title} max={limits.PROMO_TITLE_MAX} />}
            rightSectionWidth={72}
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
            withMedia
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
        </div>
        <aside className={shared.editorSide} aria-label={PROMO_MESSAGES.details}>
          <section
            className={shared.panel}
            aria-labelledby="promotion-status-title"
            data-testid="status-panel"
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text component="h2" id="promotion-status-title" className={shared.panelTitle}>
                {PROMO_MESSAGES.situation}
              </Text>
              {draft && <StatusBadge status={draft.status} />}
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {draft
                ? `${formatCount(draft.answers)} ${draft.answers === 1 ? 'resposta' : 'respostas'} · ${formatCount(draft.participants)} ${PROMO_MESSAGES.participants}`
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
                label={PROMO_MESSAGES.publishedLabel}
                description={PROMO_MESSAGES.publishedHint}
                checked={values.isPublished}
                onChange={(event) => set('isPublished', event.currentTarget.checked)}
              />
              <TextInput
                type="datetime-local"
                label={PROMO_MESSAGES.startsLabel}
                leftSection={<IconCalendarTime size={16} aria-hidden />}
                value={values.startsAt}
                onChange={(event) => set('startsAt', event.currentTarget.value)}
                error={errors.startsAt}
                required
              />
              <TextInput
                type="datetime-local"
                label={PROMO_MESSAGES.endsLabel}
                description={PROMO_MESSAGES.clockHint}
                leftSection={<IconCalendarTime size={16} aria-hidden />}
                value={values.endsAt}
                onChange={(event) => set('endsAt', event.currentTarget.value)}
                error={errors.endsAt}
                required
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
          <section className={shared.panel} aria-label={PROMO_MESSAGES.pictures}>
            <div className={shared.sideStack}>
              <ImageField
                label={PROMO_MESSAGES.imageLabel}
                description={PROMO_MESSAGES.imageHint}
                value={values.imageUrl}
                onChange={(url) => set('imageUrl', url)}
                error={errors.imageUrl}
                data-testid="image-field"
              />
              <ImageField
                label={PROMO_MESSAGES.bannerLabel}
                description={PROMO_MESSAGES.bannerHint}
                value={values.bannerUrl}
                onChange={(url) => set('bannerUrl', url)}
                error={errors.bannerUrl}
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
              <Switch
                label={PROMO_MESSAGES.proLabel}
                checked={values.isPro}
                onChange={(event) => set('isPro', event.currentTarget.checked)}
              />
              <Switch
                label={PROMO_MESSAGES.editableLabel}
                description={PROMO_MESSAGES.editableHint}
                checked={values.isEditable}
                onChange={(event) => set('isEditable', event.currentTarget.checked)}
              />
              <Switch
                label={PROMO_MESSAGES.multipleLabel}
                description={PROMO_MESSAGES.multipleHint}
                checked={values.isMultiple}
                onChange={(event) => set('isMultiple', event.currentTarget.checked)}
              />
              <Switch
                label={PROMO_MESSAGES.singleWordLabel}
                description={PROMO_MESSAGES.singleWordHint}
                checked={values.isSingleWord}
                onChange={(event) => set('isSingleWord', event.currentTarget.checked)}
              />
              <TextInput
                label={PROMO_MESSAGES.affiliateLabel}
                description={PROMO_MESSAGES.affiliateHint}
                value={values.affiliate}
                onChange={(event) => set('affiliate', event.currentTarget.value)}
                error={errors.affiliate}
              />
            </div>
          </section>
        </aside>
        {narrow && (
          <div className={classes.saveBar} data-testid="save-bar">
            {saveButton}
          </div>
        )}
      </form>
      {draft && (
        <div className={classes.below}>
          <AnswersPanel userId={userId} promotionId={draft.id} total={draft.answers} />
          <DrawPanel key={draft.status} userId={userId} draft={draft} />
        </div>
      )}
      <LeaveModal
        opened={guard.pending !== null}
        onStay={guard.cancelLeave}
        onLeave={guard.confirmLeave}
      />
      <DeleteModal
        opened={confirmingDelete}
        title={PROMO_MESSAGES.deletePromotionTitle}
        text={PROMO_MESSAGES.deletePromotionText}
        name={draft?.title ?? ''}
        deleting={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={onDelete}
      />
    </>
  );
}
