/**
 * A page's first screen as a template the server fills in per request (so a page whose
 * largest paint is its data, a news item's cover, paints it before the scripts arrive).
 *
 * The build renders the page's real component with a stand-in for its data in which every text is
 * a slot (`{{onda:title}}`), and once more without each optional part (no subtitle, no update
 * date…). Where a rendering without a part differs from the full one, the difference is that part's
 * piece of the template: what to write when the data has it, and what when it does not. Every
 * combination of parts is then rendered and checked against the template, so the server, which
 * only picks pieces and fills slots, writes exactly what React's first frame will draw.
 */

/**
 * A slot's mark in the rendered HTML; the server writes the value there, HTML-escaped. A mark the
 * page passed through `encodeURIComponent` (a share link's address, `%7B%7Bonda%3Asong%7D%7D`) is a
 * slot too: the server writes the value encoded the same way.
 */
export function slot(name: string): string {
  return `{{onda:${name}}}`;
}

/** A piece of a frame: HTML with slots, or, for an optional part, HTML when it is present. */
export interface FramePiece {
  html: string;
  /** The optional part this piece stands for; no `when`: always written. */
  when?: string;
  /** Written instead of `html` when the part is absent. */
  otherwise?: string;
}

/** `render(absent)` draws the page with the parts named in `absent` left out of its data. */
export type FrameRenderer = (absent: ReadonlySet<string>) => string;

interface Difference {
  part: string;
  start: number;
  end: number;
  otherwise: string;
}

/** Where `variant` differs from `full`: one span of each, found from both ends. */
function difference(part: string, full: string, variant: string): Difference {
  let start = 0;
  while (start < full.length && start < variant.length && full[start] === variant[start]) start++;
  let tail = 0;
  while (
    tail < full.length - start &&
    tail < variant.length - start &&
    full[full.length - 1 - tail] === variant[variant.length - 1 - tail]
  ) {
    tail++;
  }
  if (start === full.length && full.length === variant.length) {
    throw new Error(`the frame draws nothing different without '${part}'`);
  }
  return {
    part,
    start,
    end: full.length - tail,
    otherwise: variant.slice(start, variant.length - tail),
  };
}

/** The template's HTML for the parts in `absent`. */
export function fillPieces(pieces: FramePiece[], absent: ReadonlySet<string>): string {
  return pieces
    .map((piece) => (piece.when && absent.has(piece.when) ? (piece.otherwise ?? '') : piece.html))
    .join('');
}

/** Every subset of `parts`. */
function subsets(parts: string[]): Set<string>[] {
  return parts.reduce<Set<string>[]>(
    (all, part) => [...all, ...all.map((set) => new Set([...set, part]))],
    [new Set()],
  );
}

/**
 * The template of a frame with the optional `parts`; throws when two parts' pieces overlap or any
 * combination of parts renders otherwise than the template writes it.
 */
export function frameTemplate(render: FrameRenderer, parts: string[]): FramePiece[] {
  const full = render(new Set());
  const differences = parts
    .map((part) => difference(part, full, render(new Set([part]))))
    .sort((a, b) => a.start - b.start);
  const pieces: FramePiece[] = [];
  let at = 0;
  let previous = '';
  for (const { part, start, end, otherwise } of differences) {
    if (start < at) {
      const around = (from: number, to: number) =>
        JSON.stringify(full.slice(from, to).slice(0, 300));
      throw new Error(
        `the frame's '${part}' (${around(start, end)}) overlaps its '${previous}', which ends at ${around(start, at)}`,
      );
    }
    previous = part;
    pieces.push({ html: full.slice(at, start) });
    pieces.push({ html: full.slice(start, end), when: part, otherwise });
    at = end;
  }
  pieces.push({ html: full.slice(at) });
  for (const absent of subsets(parts)) {
    if (fillPieces(pieces, absent) !== render(absent)) {
      const names = [...absent].join(', ') || 'nothing';
      throw new Error(`the frame's template differs from the page drawn without ${names}`);
    }
  }
  return pieces.filter((piece) => piece.when || piece.html);
}
