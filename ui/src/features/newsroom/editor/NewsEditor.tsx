import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCrown, IconRefresh } from '@tabler/icons-react';
import { journalistsQueryOptions } from '@/features/journalists/api/get-journalists';
import { tagsQueryOptions } from '@/features/news/api/news-api';
import type { NewsDraft } from '@/generated/NewsDraft';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { newsCategoriesQueryOptions } from '@/lib/news-categories';
import { toast } from '@/lib/toast';
import { isStale, useDeleteNews, useSaveNews } from '../api/newsroom-api';
import { formatStaffDate } from '../format';
import {
  NEWSROOM_MESSAGES,
  NEWSROOM_PATH,
  newsroomEditPath,
  newsroomPreviewPath,
} from '../messages';
import { CoverField } from './CoverField';
import {
  charCount,
  EMPTY_VALUES,
  fieldOfServerMessage,
  sameValues,
  toInput,
  validateNews,
  valuesFromDraft,
  type NewsErrors,
  type NewsFormValues,
  type PublishMode,
} from './news-form';
import { PodcastFields } from './PodcastFields';
import { PublishPanel } from './PublishPanel';
import { RichTextField } from './RichTextField';
import { useUnsavedGuard } from './use-unsaved-guard';
import classes from '../Newsroom.module.css';

export interface NewsEditorProps {
  userId: number;
  /** The item as loaded; null for a new one. */
  draft: NewsDraft | null;
  /** Loads the item again after someone else saved it (409). */
  onReload?: () => void;
}

/** What a save was asked for: the form as it is, or with another publishing mode (Despublicar). */
interface SaveOptions {
  mode?: PublishMode;
  /** Where to go once saved (the preview). */
  then?: (saved: NewsDraft) => void;
}

/**
 * The news editor: the text on the left (titles, body, PRO teaser, video and podcast, keyword), a
 * sticky panel on the right at 1280 px (publishing, cover, category, tags, byline), one column on a
 * phone. Ctrl/Cmd+S saves; leaving with unsaved changes asks first.
 */
export function NewsEditor({ userId, draft: loaded, onReload }: NewsEditorProps) {
  const [draft, setDraft] = useState<NewsDraft | null>(loaded);
  const [baseline, setBaseline] = useState<NewsFormValues>(() =>
    loaded ? valuesFromDraft(loaded) : EMPTY_VALUES,
  );
  const [values, setValues] = useState<NewsFormValues>(baseline);
  const [errors, setErrors] = useState<NewsErrors>({});
  const [stale, setStale] = useState(false);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const save = useSaveNews(userId);
  const remove = useDeleteNews(userId);
  const dirty = !sameValues(values, baseline);
  const guard = useUnsavedGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(<K extends keyof NewsFormValues>(key: K, value: NewsFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center' });
    });

  const submit = (options: SaveOptions = {}) => {
    if (save.isPending) return;
    const started = valuesRef.current;
    const sent: NewsFormValues = { ...started, ...(options.mode && { mode: options.mode }) };
    const problems = validateNews(sent);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      toast.error(NEWSROOM_MESSAGES.fixErrors);
      focusFirstError();
      return;
    }
    setErrors({});
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toInput(sent, before) },
      {
        onSuccess: (saved) => {
          setStale(false);
          setDraft(saved);
          // The server trims and normalises; the editors' HTML stays what tiptap holds.
          const next: NewsFormValues = {
            ...valuesFromDraft(saved),
            content: sent.content,
            teaser: sent.teaser,
          };
          setBaseline(next);
          // Typed while saving? Keep it (still unsaved); else show the stored values.
          if (sameValues(valuesRef.current, started)) setValues(next);
          toast.success(savedText(before, saved));
          if (options.then) options.then(saved);
          else if (!before) guard.leave(newsroomEditPath(saved.id), { replace: true });
        },
        onError: (error) => {
          if (isStale(error)) {
            setStale(true);
            return;
          }
          const message = error instanceof ApiError ? error.message : '';
          const field = fieldOfServerMessage(message);
          if (field) {
            setErrors({ [field]: message });
            focusFirstError();
          } else toast.error(saveErrorText(error));
        },
      },
    );
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  // Ctrl+S / Cmd+S saves from anywhere on the page, the rich text included.
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

  const preview = () => {
    if (draft && !dirty) guard.leave(newsroomPreviewPath(draft.id));
    else submit({ then: (saved) => guard.leave(newsroomPreviewPath(saved.id)) });
  };

  const onDelete = () => {
    if (!draft) return;
    remove.mutate(draft.id, {
      onSuccess: () => {
        toast.success(messages.NEWSROOM_DELETED);
        guard.leave(NEWSROOM_PATH, { replace: true });
      },
      onError: (error) => toast.error(saveErrorText(error, NEWSROOM_MESSAGES.deleteError)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <>
      {stale && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={NEWSROOM_MESSAGES.staleTitle}
          mb="lg"
          role="alert"
          data-testid="stale-alert"
        >
          <Text size="sm">{messages.NEWSROOM_STALE}</Text>
          {onReload && (
            <Button
              mt="sm"
              size="xs"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onReload}
            >
              {NEWSROOM_MESSAGES.reload}
            </Button>
          )}
        </Alert>
      )}
      <form
        ref={formRef}
        className={classes.editor}
        onSubmit={onSubmit}
        noValidate
        aria-label={draft ? NEWSROOM_MESSAGES.editTitle : NEWSROOM_MESSAGES.newItem}
        data-testid="news-editor"
      >
        <div className={classes.editorMain}>
          <MainFields values={values} errors={errors} set={set} />
        </div>
        <aside className={classes.editorSide} aria-label="Publicação e detalhes">
          <PublishPanel
            draft={draft}
            mode={values.mode}
            scheduleAt={values.scheduleAt}
            errors={errors}
            dirty={dirty}
            saving={save.isPending}
            deleting={remove.isPending}
            onMode={(mode) => set('mode', mode)}
            onScheduleAt={(value) => set('scheduleAt', value)}
            onPreview={preview}
            onUnpublish={() => submit({ mode: 'unpublished' })}
            onDelete={onDelete}
          />
          <SideFields values={values} errors={errors} set={set} />
        </aside>
      </form>
      <Modal
        opened={guard.pending !== null}
        onClose={guard.cancelLeave}
        title={NEWSROOM_MESSAGES.leaveTitle}
        centered
      >
        <Text size="sm">{NEWSROOM_MESSAGES.leaveText}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={guard.cancelLeave} data-autofocus>
            {NEWSROOM_MESSAGES.stay}
          </Button>
          <Button color="red" onClick={guard.confirmLeave}>
            {NEWSROOM_MESSAGES.leave}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** The toast after a save, in the newsroom's words. */
function savedText(before: NewsDraft | null, saved: NewsDraft): string {
  switch (saved.shownState) {
    case 'draft':
      return NEWSROOM_MESSAGES.draftSaved;
    case 'scheduled':
      return `${NEWSROOM_MESSAGES.scheduled} ${formatStaffDate(saved.publishAt)}`;
    case 'published':
      return before?.shownState === 'published'
        ? messages.NEWSROOM_SAVED
        : NEWSROOM_MESSAGES.published;
    case 'unpublished':
      return before?.state === 'unpublished'
        ? messages.NEWSROOM_SAVED
        : NEWSROOM_MESSAGES.unpublished;
  }
}

/** A failed save or delete that no field explains. */
function saveErrorText(error: unknown, fallback: string = NEWSROOM_MESSAGES.saveError): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return NEWSROOM_MESSAGES.loginRequired;
    if (error.code === 403) return NEWSROOM_MESSAGES.noPermission;
    // A 400 the form could not place: the server's message is already Portuguese.
    if (error.code === 400 && error.message && error.message !== 'invalid data')
      return error.message;
  }
  return fallback;
}

interface FieldsProps {
  values: NewsFormValues;
  errors: NewsErrors;
  set: <K extends keyof NewsFormValues>(key: K, value: NewsFormValues[K]) => void;
}

/** `12/200`, turning red past the limit. */
function Counter({ text, max }: { text: string; max: number }) {
  const count = charCount(text);
  return (
    <Text size="xs" c={count > max ? 'red.7' : 'dimmed'} className={classes.counter} aria-hidden>
      {count}/{max}
    </Text>
  );
}

function MainFields({ values, errors, set }: FieldsProps) {
  return (
    <>
      {/* A text area that grows, so a long headline stays readable on a phone; it is one line. */}
      <Textarea
        label={NEWSROOM_MESSAGES.headlineLabel}
        description={NEWSROOM_MESSAGES.headlineHint}
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
        classNames={{ input: classes.headlineInput }}
        rightSection={<Counter text={values.title} max={limits.NEWSROOM_TITLE_MAX} />}
        rightSectionWidth={72}
        data-testid="field-title"
      />
      <TextInput
        label={NEWSROOM_MESSAGES.titleHomeLabel}
        description={NEWSROOM_MESSAGES.titleHomeHint}
        value={values.titleHome}
        onChange={(event) => set('titleHome', event.currentTarget.value)}
        error={errors.titleHome}
        rightSection={<Counter text={values.titleHome} max={limits.NEWSROOM_TITLE_HOME_MAX} />}
        rightSectionWidth={72}
      />
      <Textarea
        label={NEWSROOM_MESSAGES.subtitleLabel}
        value={values.subtitle}
        onChange={(event) => set('subtitle', event.currentTarget.value)}
        error={errors.subtitle}
        autosize
        minRows={2}
        maxRows={5}
      />
      <RichTextField
        label={NEWSROOM_MESSAGES.bodyLabel}
        initialHtml={values.content}
        onChange={(html) => set('content', html)}
        error={errors.content}
        withMedia
        minHeight={360}
        data-testid="field-content"
      />
      <div className={classes.proBox} data-on={values.isPro || undefined}>
        <Switch
          label={
            <Group gap={6} component="span">
              <IconCrown size={16} aria-hidden />
              {NEWSROOM_MESSAGES.proLabel}
            </Group>
          }
          description={NEWSROOM_MESSAGES.proHint}
          checked={values.isPro}
          onChange={(event) => set('isPro', event.currentTarget.checked)}
          data-testid="field-pro"
        />
        {values.isPro && (
          <RichTextField
            label={NEWSROOM_MESSAGES.teaserLabel}
            description={NEWSROOM_MESSAGES.teaserHint}
            initialHtml={values.teaser}
            onChange={(html) => set('teaser', html)}
            error={errors.teaser}
            required
            minHeight={140}
            data-testid="field-teaser"
          />
        )}
      </div>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{NEWSROOM_MESSAGES.mediaSection}</legend>
        <TextInput
          label={NEWSROOM_MESSAGES.youtubeLabel}
          description={NEWSROOM_MESSAGES.youtubeHint}
          placeholder="https://www.youtube.com/watch?v=…"
          value={values.coverVideo}
          onChange={(event) => set('coverVideo', event.currentTarget.value)}
          error={errors.coverVideo}
        />
        <PodcastFields
          showId={values.podcastShowId}
          episode={values.podcastId}
          showError={errors.podcastShowId}
          episodeError={errors.podcastId}
          onShow={(value) => set('podcastShowId', value)}
          onEpisode={(value) => set('podcastId', value)}
        />
      </fieldset>
      <TextInput
        label={NEWSROOM_MESSAGES.keywordLabel}
        description={NEWSROOM_MESSAGES.keywordHint}
        value={values.keyword}
        onChange={(event) => set('keyword', event.currentTarget.value)}
        error={errors.keyword}
      />
    </>
  );
}

function SideFields({ values, errors, set }: FieldsProps) {
  const categories = useQuery(newsCategoriesQueryOptions());
  const tags = useQuery(tagsQueryOptions());
  const journalists = useQuery(journalistsQueryOptions());

  const journalistOptions = (journalists.data ?? [])
    .filter((journalist) => journalist.isActive || String(journalist.id) === values.journalistId)
    .map((journalist) => ({ value: String(journalist.id), label: journalist.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  // A name may be in the list already with other capitals: offer each name once.
  const tagNames = [...new Set((tags.data ?? []).map((tag) => tag.n))];

  return (
    <div className={classes.panel}>
      <div className={classes.sideStack}>
        <CoverField
          value={values.imageUrl}
          onChange={(url) => set('imageUrl', url)}
          error={errors.imageUrl}
        />
        {values.imageUrl && (
          <TextInput
            label={NEWSROOM_MESSAGES.captionLabel}
            value={values.imageCaption}
            onChange={(event) => set('imageCaption', event.currentTarget.value)}
            error={errors.imageCaption}
          />
        )}
        <Select
          label={NEWSROOM_MESSAGES.category}
          placeholder="Escolha a editoria"
          data={(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          value={values.categoryId || null}
          onChange={(value) => set('categoryId', value ?? '')}
          error={errors.categoryId}
          required
          searchable
          nothingFoundMessage="Nenhuma editoria"
          data-testid="field-category"
        />
        <TagsInput
          label={NEWSROOM_MESSAGES.tagsLabel}
          description={NEWSROOM_MESSAGES.tagsHint}
          data={tagNames}
          value={values.tags}
          onChange={(value) => set('tags', value)}
          error={errors.tags}
          maxTags={limits.NEWSROOM_TAGS_MAX}
          splitChars={[',']}
          acceptValueOnBlur
          clearable
          limit={20}
          data-testid="field-tags"
        />
        <Select
          label={NEWSROOM_MESSAGES.journalistLabel}
          placeholder={NEWSROOM_MESSAGES.journalistPlaceholder}
          data={journalistOptions}
          value={values.journalistId || null}
          onChange={(value) => set('journalistId', value ?? '')}
          error={errors.journalistId}
          clearable
          searchable
          nothingFoundMessage="Nenhum jornalista"
          data-testid="field-journalist"
        />
        {values.journalistId === '' && (
          <TextInput
            label={NEWSROOM_MESSAGES.authorLabel}
            placeholder={NEWSROOM_MESSAGES.authorPlaceholder}
            value={values.author}
            onChange={(event) => set('author', event.currentTarget.value)}
            error={errors.author}
          />
        )}
        <Switch
          label={NEWSROOM_MESSAGES.featuredLabel}
          description={NEWSROOM_MESSAGES.featuredHint}
          checked={values.isFeatured}
          onChange={(event) => set('isFeatured', event.currentTarget.checked)}
        />
      </div>
    </div>
  );
}
