import { describe, expect, it } from 'vitest';
import { messages } from '@/generated/validation-rules';
import { makeDraft } from '../testing/fixtures';
import { EMPTY_VALUES, toInput, validateNews, valuesFromDraft } from './news-form';

describe('the form and the NewsInput', () => {
  it('a journalist signs the item: the typed byline is not sent; the video address becomes its id', () => {
    const values = {
      ...valuesFromDraft(makeDraft(3)),
      author: 'Fulano',
      coverVideo: 'https://youtu.be/dQw4w9WgXcQ',
    };
    const input = toInput(values, makeDraft(3));
    expect(input.author).toBe('');
    expect(input.journalistId).toBe(3);
    expect(input.coverVideoYoutubeId).toBe('dQw4w9WgXcQ');
    expect(input.version).toBe(7);
  });

  it("'Publicar agora' keeps an item's date once it is out, and means now before", () => {
    const live = makeDraft(4, {
      state: 'published',
      shownState: 'published',
      publishAt: '2026-11-01T10:00:00-03:00',
    });
    expect(toInput(valuesFromDraft(live), live).publishAt).toBe('2026-11-01T10:00:00-03:00');
    const draft = makeDraft(5);
    expect(toInput({ ...valuesFromDraft(draft), mode: 'now' }, draft)).toMatchObject({
      state: 'published',
      publishAt: null,
    });
  });

  it('a scheduled item opens in the schedule mode with its Brasília time', () => {
    const scheduled = makeDraft(6, {
      state: 'published',
      shownState: 'scheduled',
      publishAt: '2026-12-24T23:30:00-03:00',
    });
    const values = valuesFromDraft(scheduled);
    expect(values.mode).toBe('schedule');
    expect(values.scheduleAt).toBe('2026-12-24T23:30');
  });

  it('a PRO draft may wait for its teaser; a PRO item going out may not', () => {
    const base = { ...EMPTY_VALUES, title: 'Um título', categoryId: '1', isPro: true };
    expect(validateNews(base)).toEqual({});
    expect(validateNews({ ...base, mode: 'now', content: '<p>Texto</p>' })).toEqual({
      teaser: messages.NEWSROOM_TEASER,
    });
  });

  it('too many tags, or one too long, break the tags rule', () => {
    const base = { ...EMPTY_VALUES, title: 'Um título', categoryId: '1' };
    const many = Array.from({ length: 11 }, (_, index) => `tag ${index}`);
    expect(validateNews({ ...base, tags: many }).tags).toBe(messages.NEWSROOM_TAGS);
    expect(validateNews({ ...base, tags: ['x'.repeat(41)] }).tags).toBe(messages.NEWSROOM_TAGS);
  });
});
