/**
 * The audit log's before/after as readable lines: `key: old → new` for each field that changed
 * (nested objects by dotted keys), `key: + new` for one that appeared and `key: old → (removed)` for
 * one that went away. Long values are cut for the line (the server keeps them whole).
 */

const VALUE_MAX = 160;

export interface DiffLine {
  key: string;
  before: string | null;
  after: string | null;
}

function flatten(value: unknown, prefix: string, into: Map<string, unknown>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix || '(valor)', value);
}

/** A value as a line shows it: strings quoted, the rest as JSON, cut at {@link VALUE_MAX}. */
export function showValue(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? 'null');
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** The fields that differ between `before` and `after`, in the order they are first met. */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', now);
  const keys = [...new Set([...old.keys(), ...now.keys()])];
  const lines: DiffLine[] = [];
  for (const key of keys) {
    const had = old.has(key);
    const has = now.has(key);
    const a = had ? showValue(old.get(key)) : null;
    const b = has ? showValue(now.get(key)) : null;
    if (a !== b) lines.push({ key, before: a, after: b });
  }
  return lines;
}

/** One line of text: `permissions: [5] → [5,8]`. */
export function diffText(line: DiffLine): string {
  if (line.before === null) return `${line.key}: + ${line.after ?? 'null'}`;
  if (line.after === null) return `${line.key}: ${line.before} → (removido)`;
  return `${line.key}: ${line.before} → ${line.after}`;
}
