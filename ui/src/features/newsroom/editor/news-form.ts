/**
 * The editor's form: its values (what the inputs hold), how a loaded draft becomes values and values
 * become the NewsInput the server takes, and the client-side checks. Every limit and message is the
 * server's (`@/generated/validation-rules`, from shared/src/validation.rs), so a field the form
 * accepts is one the server accepts too, and the messages under the fields are the same words.
 */
import type { NewsDraft } from '@/generated/NewsDraft';
import type { NewsInput } from '@/generated/NewsInput';
import { limits, messages } from '@/generated/validation-rules';
import { fromStationLocal, toStationLocal, youtubeId } from '@/features/backoffice/format';
import { charCount, isBlankHtml } from '@/features/backoffice/form';
import { NEWSROOM_MESSAGES } from '../messages';

/**
 * How the item goes out: kept as a draft, public now (or still public, for one already out),
 * scheduled for a date, or taken down.
 */
export type PublishMode = 'draft' | 'now' | 'schedule' | 'unpublished';

export interface NewsFormValues {
  title: string;
  titleHome: string;
  subtitle: string;
  /** The body's HTML as tiptap writes it. */
  content: string;
  teaser: string;
  /** Select values are strings; '' = none chosen. */
  categoryId: string;
  tags: string[];
  journalistId: string;
  author: string;
  imageUrl: string;
  imageCaption: string;
  /** What the journalist typed: a YouTube address or an id. */
  coverVideo: string;
  podcastShowId: string;
  podcastId: string;
  keyword: string;
  isPro: boolean;
  isFeatured: boolean;
  mode: PublishMode;
  /** `datetime-local` value on the station's clock (Brasília). */
  scheduleAt: string;
}

export type NewsField = keyof NewsFormValues;
export type NewsErrors = Partial<Record<NewsField, string>>;

export const EMPTY_VALUES: NewsFormValues = {
  title: '',
  titleHome: '',
  subtitle: '',
  content: '',
  teaser: '',
  categoryId: '',
  tags: [],
  journalistId: '',
  author: '',
  imageUrl: '',
  imageCaption: '',
  coverVideo: '',
  podcastShowId: '',
  podcastId: '',
  keyword: '',
  isPro: false,
  isFeatured: false,
  mode: 'draft',
  scheduleAt: '',
};

/** The mode a stored item is in (`shownState` says 'scheduled' for a published item not out yet). */
export function modeOf(draft: NewsDraft): PublishMode {
  if (draft.state === 'draft') return 'draft';
  if (draft.state === 'unpublished') return 'unpublished';
  return draft.shownState === 'scheduled' ? 'schedule' : 'now';
}

export function valuesFromDraft(draft: NewsDraft): NewsFormValues {
  const mode = modeOf(draft);
  return {
    title: draft.title,
    titleHome: draft.titleHome,
    subtitle: draft.subtitle,
    content: draft.content,
    teaser: draft.teaser,
    categoryId: String(draft.categoryId),
    tags: [...draft.tags],
    journalistId: draft.journalistId === null ? '' : String(draft.journalistId),
    author: draft.author,
    imageUrl: draft.imageUrl,
    imageCaption: draft.imageCaption,
    coverVideo: draft.coverVideoYoutubeId,
    podcastShowId: draft.podcastShowId === null ? '' : String(draft.podcastShowId),
    podcastId: draft.podcastId,
    keyword: draft.keyword,
    isPro: draft.isPro,
    isFeatured: draft.isFeatured,
    mode,
    scheduleAt: mode === 'schedule' ? toStationLocal(draft.publishAt) : '',
  };
}

const idOrNull = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * When the item goes out. 'Publicar agora' on an item already public keeps its date (a correction
 * must not move a week-old story to the top); on anything else it means now (null).
 */
function publishAtOf(values: NewsFormValues, draft: NewsDraft | null): string | null {
  switch (values.mode) {
    case 'draft':
      return null;
    case 'schedule':
      return fromStationLocal(values.scheduleAt);
    case 'now':
      return draft?.shownState === 'published' ? draft.publishAt : null;
    case 'unpublished':
      return draft?.publishAt ?? null;
  }
}

/** What POST (no draft) or PUT (with the draft's `version`) sends. */
export function toInput(values: NewsFormValues, draft: NewsDraft | null): NewsInput {
  return {
    title: values.title.trim(),
    titleHome: values.titleHome.trim(),
    subtitle: values.subtitle.trim(),
    content: isBlankHtml(values.content) ? '' : values.content,
    teaser: values.isPro && !isBlankHtml(values.teaser) ? values.teaser : '',
    categoryId: Number(values.categoryId),
    tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
    journalistId: idOrNull(values.journalistId),
    // A journalist signs the item; the byline is for items without one.
    author: values.journalistId === '' ? values.author.trim() : '',
    imageUrl: values.imageUrl,
    imageCaption: values.imageCaption.trim(),
    coverVideoYoutubeId:
      values.coverVideo.trim() === '' ? '' : (youtubeId(values.coverVideo) ?? ''),
    podcastShowId: idOrNull(values.podcastShowId),
    podcastId: values.podcastShowId === '' ? '' : values.podcastId.trim(),
    keyword: values.keyword.trim(),
    isPro: values.isPro,
    isFeatured: values.isFeatured,
    state:
      values.mode === 'draft'
        ? 'draft'
        : values.mode === 'unpublished'
          ? 'unpublished'
          : 'published',
    publishAt: publishAtOf(values, draft),
    version: draft?.version ?? null,
  };
}

/**
 * The client-side checks, in the server's words. Only the fields with a problem are in the result;
 * an empty object means the form may be sent.
 */
export function validateNews(values: NewsFormValues): NewsErrors {
  const errors: NewsErrors = {};
  const title = charCount(values.title);
  if (title < limits.NEWSROOM_TITLE_MIN || title > limits.NEWSROOM_TITLE_MAX)
    errors.title = messages.NEWSROOM_TITLE;
  if (charCount(values.titleHome) > limits.NEWSROOM_TITLE_HOME_MAX)
    errors.titleHome = messages.NEWSROOM_TITLE_HOME;
  if (charCount(values.subtitle) > limits.NEWSROOM_SUBTITLE_MAX)
    errors.subtitle = messages.NEWSROOM_SUBTITLE;
  const publishing = values.mode === 'now' || values.mode === 'schedule';
  if (values.content.length > limits.NEWSROOM_CONTENT_MAX)
    errors.content = messages.NEWSROOM_CONTENT_LONG;
  else if (publishing && isBlankHtml(values.content)) errors.content = messages.NEWSROOM_CONTENT;
  // A PRO draft may wait for its teaser; a PRO item going out needs one.
  if (values.isPro && values.teaser.length > limits.NEWSROOM_TEASER_MAX)
    errors.teaser = messages.NEWSROOM_TEASER;
  else if (values.isPro && publishing && isBlankHtml(values.teaser))
    errors.teaser = messages.NEWSROOM_TEASER;
  if (values.categoryId === '') errors.categoryId = messages.NEWSROOM_CATEGORY;
  if (
    values.tags.length > limits.NEWSROOM_TAGS_MAX ||
    values.tags.some((tag) => charCount(tag) > limits.NEWSROOM_TAG_MAX)
  )
    errors.tags = messages.NEWSROOM_TAGS;
  if (values.journalistId === '' && charCount(values.author) > limits.NEWSROOM_AUTHOR_MAX)
    errors.author = messages.NEWSROOM_AUTHOR;
  if (charCount(values.imageCaption) > limits.NEWSROOM_CAPTION_MAX)
    errors.imageCaption = messages.NEWSROOM_CAPTION;
  if (values.coverVideo.trim() !== '' && youtubeId(values.coverVideo) === null)
    errors.coverVideo = messages.NEWSROOM_YOUTUBE;
  // The episode's key is a path segment at the player host: no spaces or quotes.
  if (
    values.podcastShowId !== '' &&
    (charCount(values.podcastId) > limits.NEWSROOM_PODCAST_ID_MAX ||
      /[\s"'<>]/.test(values.podcastId.trim()))
  )
    errors.podcastId = messages.NEWSROOM_PODCAST;
  if (charCount(values.keyword) > limits.NEWSROOM_KEYWORD_MAX)
    errors.keyword = messages.NEWSROOM_KEYWORD;
  if (values.mode === 'schedule') {
    if (values.scheduleAt.trim() === '') errors.scheduleAt = NEWSROOM_MESSAGES.scheduleRequired;
    else if (fromStationLocal(values.scheduleAt) === null)
      errors.scheduleAt = messages.NEWSROOM_PUBLISH_AT;
  }
  return errors;
}

/**
 * The field a server refusal belongs to, read from its message (the server answers 400 with the
 * rule's Portuguese text); null for anything else, which the editor shows as a toast.
 */
const FIELD_OF_MESSAGE: Partial<Record<string, NewsField>> = {
  [messages.NEWSROOM_TITLE]: 'title',
  [messages.NEWSROOM_TITLE_HOME]: 'titleHome',
  [messages.NEWSROOM_SUBTITLE]: 'subtitle',
  [messages.NEWSROOM_CONTENT]: 'content',
  [messages.NEWSROOM_CONTENT_LONG]: 'content',
  [messages.NEWSROOM_TEASER]: 'teaser',
  [messages.NEWSROOM_CATEGORY]: 'categoryId',
  [messages.NEWSROOM_TAGS]: 'tags',
  [messages.NEWSROOM_JOURNALIST]: 'journalistId',
  [messages.NEWSROOM_AUTHOR]: 'author',
  [messages.NEWSROOM_IMAGE]: 'imageUrl',
  [messages.NEWSROOM_CAPTION]: 'imageCaption',
  [messages.NEWSROOM_YOUTUBE]: 'coverVideo',
  [messages.NEWSROOM_PODCAST]: 'podcastShowId',
  [messages.NEWSROOM_KEYWORD]: 'keyword',
  [messages.NEWSROOM_PUBLISH_AT]: 'scheduleAt',
};

export function fieldOfServerMessage(message: string): NewsField | null {
  return FIELD_OF_MESSAGE[message] ?? null;
}
