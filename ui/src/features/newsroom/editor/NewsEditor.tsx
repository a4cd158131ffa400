import { Select, Switch, TagsInput, TextInput, Textarea, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCrown } from '@tabler/icons-react';
import { Counter, HeadlineField, ItemEditorFrame } from '@/features/backoffice/editor/EditorParts';
import {
  useDeleteAction,
  useItemEditor,
  useSaveShortcut,
} from '@/features/backoffice/editor/use-editor-form';
import { ImageField } from '@/features/backoffice/fields/ImageField';
import { RichTextField } from '@/features/backoffice/fields/RichTextField';
import { formatStaffDate } from '@/features/backoffice/format';
import { journalistsQueryOptions } from '@/features/journalists/api/get-journalists';
import { tagsQueryOptions } from '@/features/news/api/news-api';
import type { NewsDraft } from '@/generated/NewsDraft';
import { limits, messages } from '@/generated/validation-rules';
import { newsCategoriesQueryOptions } from '@/lib/news-categories';
import { toast } from '@/lib/toast';
import { uploadImage, useDeleteNews, useSaveNews } from '../api/newsroom-api';
import {
  NEWSROOM_MESSAGES,
  NEWSROOM_PATH,
  newsroomEditPath,
  newsroomPreviewPath,
} from '../messages';
import {
  EMPTY_VALUES,
  fieldOfServerMessage,
  toInput,
  validateNews,
  valuesFromDraft,
  type NewsErrors,
  type NewsFormValues,
  type PublishMode,
} from './news-form';
import { PodcastFields } from './PodcastFields';
import { PublishPanel } from './PublishPanel';
import kit from '@/features/backoffice/Backoffice.module.css';
import classes from '../Newsroom.module.css';

/** The newsroom's pictures: POST backoffice/images, refusals in the newsroom's words. */
const NEWS_IMAGES = { upload: uploadImage, texts: NEWSROOM_MESSAGES };

const FAILURE = {
  fieldOf: fieldOfServerMessage,
  saveError: NEWSROOM_MESSAGES.saveError,
  texts: NEWSROOM_MESSAGES,
};

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
  const form = useItemEditor<NewsDraft, NewsFormValues>(loaded, {
    initial: () => (loaded ? valuesFromDraft(loaded) : EMPTY_VALUES),
    noErrors: {},
  });
  const { values, errors, set, guard, draft } = form;
  const save = useSaveNews(userId);
  const remove = useDeleteNews(userId);

  const submit = (options: SaveOptions = {}) => {
    if (save.isPending) return;
    const started = form.valuesRef.current;
    const sent: NewsFormValues = { ...started, ...(options.mode && { mode: options.mode }) };
    if (!form.accept(validateNews(sent))) return;
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toInput(sent, before) },
      {
        onSuccess: (saved) => {
          // The server trims and normalises; the editors' HTML stays what tiptap holds.
          const next = { ...valuesFromDraft(saved), content: sent.content, teaser: sent.teaser };
          form.stored(saved, next, started);
          toast.success(savedText(before, saved));
          if (options.then) options.then(saved);
          else if (!before) guard.leave(newsroomEditPath(saved.id), { replace: true });
        },
        onError: (error) => form.failed(error, FAILURE),
      },
    );
  };
  useSaveShortcut(submit);

  const preview = () => {
    if (draft && !form.dirty) guard.leave(newsroomPreviewPath(draft.id));
    else submit({ then: (saved) => guard.leave(newsroomPreviewPath(saved.id)) });
  };

  const deletion = useDeleteAction({
    id: draft?.id,
    remove,
    guard,
    deleted: messages.NEWSROOM_DELETED,
    listPath: NEWSROOM_PATH,
    texts: NEWSROOM_MESSAGES,
    refusedCodes: [],
  });

  return (
    <ItemEditorFrame
      form={form}
      texts={NEWSROOM_MESSAGES}
      staleMessage={messages.NEWSROOM_STALE}
      onReload={onReload}
      onSave={submit}
      label={draft ? NEWSROOM_MESSAGES.editTitle : NEWSROOM_MESSAGES.newItem}
      data-testid="news-editor"
      main={<MainFields values={values} errors={errors} set={set} />}
      sideLabel="Publicação e detalhes"
      side={
        <>
          <PublishPanel
            draft={draft}
            mode={values.mode}
            scheduleAt={values.scheduleAt}
            errors={errors}
            dirty={form.dirty}
            saving={save.isPending}
            deleting={remove.isPending}
            onMode={(mode) => set('mode', mode)}
            onScheduleAt={(value) => set('scheduleAt', value)}
            onPreview={preview}
            onUnpublish={() => submit({ mode: 'unpublished' })}
            onDelete={deletion.run}
          />
          <SideFields values={values} errors={errors} set={set} />
        </>
      }
    />
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

interface FieldsProps {
  values: NewsFormValues;
  errors: NewsErrors;
  set: <K extends keyof NewsFormValues>(key: K, value: NewsFormValues[K]) => void;
}

function MainFields({ values, errors, set }: FieldsProps) {
  return (
    <>
      <HeadlineField
        label={NEWSROOM_MESSAGES.headlineLabel}
        description={NEWSROOM_MESSAGES.headlineHint}
        value={values.title}
        onChange={(title) => set('title', title)}
        error={errors.title}
        max={limits.NEWSROOM_TITLE_MAX}
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
        media={NEWS_IMAGES}
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
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>{NEWSROOM_MESSAGES.mediaSection}</legend>
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
    <div className={kit.panel}>
      <div className={kit.sideStack}>
        <ImageField
          label={NEWSROOM_MESSAGES.coverLabel}
          description={NEWSROOM_MESSAGES.coverHint}
          value={values.imageUrl}
          onChange={(url) => set('imageUrl', url)}
          error={errors.imageUrl}
          uploads={NEWS_IMAGES}
          previewAlt="Capa escolhida"
          namedButtons={false}
          testIds={{
            field: 'cover-field',
            input: 'cover-input',
            preview: 'cover-preview',
            progress: 'cover-progress',
          }}
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
