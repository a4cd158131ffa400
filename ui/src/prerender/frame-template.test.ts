import { describe, expect, it } from 'vitest';
import { fillPieces, frameTemplate, slot } from './frame-template';

/** A page drawn from parts: a title, an optional subtitle, a cover whose text is the caption or the title. */
function render(absent: ReadonlySet<string>): string {
  const subtitle = absent.has('subtitle') ? '' : `<p>${slot('subtitle')}</p>`;
  const caption = absent.has('caption') ? '' : slot('caption');
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : '';
  return `<h1>${slot('title')}</h1>${subtitle}<figure><img alt="${caption || slot('title')}">${figcaption}</figure>`;
}

describe('frameTemplate', () => {
  it('writes every combination of parts exactly as the page draws it', () => {
    const pieces = frameTemplate(render, ['subtitle', 'caption']);
    expect(pieces.filter((piece) => piece.when).map((piece) => piece.when)).toEqual([
      'subtitle',
      'caption',
    ]);
    for (const absent of [[], ['subtitle'], ['caption'], ['subtitle', 'caption']]) {
      expect(fillPieces(pieces, new Set(absent))).toBe(render(new Set(absent)));
    }
  });

  it('is one piece for a page without parts', () => {
    expect(frameTemplate(() => `<h1>${slot('stationName')}</h1>`, [])).toEqual([
      { html: '<h1>{{onda:stationName}}</h1>' },
    ]);
  });

  it('refuses a part the page does not draw', () => {
    expect(() => frameTemplate(render, ['subtitle', 'video'])).toThrow(
      /nothing different without 'video'/,
    );
  });

  it('refuses parts that cannot be written apart', () => {
    // The badge's text depends on both parts: no piece of its own for either.
    const tangled = (absent: ReadonlySet<string>) =>
      `<b>${absent.has('a') ? '' : 'A'}-${absent.has('b') ? '' : 'B'}</b><i>${absent.has('a') && absent.has('b') ? 'none' : ''}</i>`;
    expect(() => frameTemplate(tangled, ['a', 'b'])).toThrow(
      /differs from the page drawn without a, b|overlaps/,
    );
  });
});
