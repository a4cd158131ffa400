/**
 * The state every back-office editor keeps: the values as stored (the baseline) and as typed, the
 * errors under the fields, the dirty check with its unsaved-changes guard, and the form element to
 * focus the first invalid field in. The editors differ in their fields and their save; this is the
 * rest.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api';
import { failureText, isConflict, sameValues, type AccessTexts } from '../form';
import { BACKOFFICE_MESSAGES } from '../messages';
import { useUnsavedGuard } from './use-unsaved-guard';

type FlatErrors = Partial<Record<string, string>>;

export interface EditorFormOptions<V, E> {
  /** The values the editor starts with (the loaded item's, or a new one's). */
  initial: () => V;
  /** No errors (`{}` for a flat record). */
  noErrors: E;
  /** The dirty check (every value compared, arrays by content, by default). */
  same?: (a: V, b: V) => boolean;
  /** The errors once `key` is edited (its own error goes; the flat record's by default). */
  clearError?: (errors: E, key: keyof V) => E;
  /** Whether the checks found anything (any error in the flat record by default). */
  hasErrors?: (errors: E) => boolean;
  /** The error under one field (the flat record's by default). */
  errorOf?: (errors: E, key: keyof V) => string | undefined;
}

const anyError = (errors: unknown) => Object.values(errors as FlatErrors).some(Boolean);

function clearFlat<E>(errors: E, key: PropertyKey): E {
  const flat = errors as FlatErrors;
  return flat[key as string] ? ({ ...flat, [key]: undefined } as E) : errors;
}

export function useEditorForm<V extends object, E = Partial<Record<keyof V, string>>>({
  initial,
  noErrors,
  same = sameValues,
  clearError = clearFlat,
  hasErrors = anyError,
  errorOf = (errors, key) => (errors as FlatErrors)[key as string],
}: EditorFormOptions<V, E>) {
  const [baseline, setBaseline] = useState<V>(initial);
  const [values, setValues] = useState<V>(baseline);
  const [errors, setErrors] = useState<E>(noErrors);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);
  const dirty = !same(values, baseline);
  const guard = useUnsavedGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);
  const clearRef = useRef(clearError);

  /** One field typed: its value, and its error goes. */
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => clearRef.current(current, key));
  }, []);

  /** Focuses (and by default scrolls to) the first field marked invalid, once it is drawn. */
  const focusFirstError = useCallback((scroll = true) => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      if (scroll) invalid?.scrollIntoView({ block: 'center' });
    });
  }, []);

  /**
   * The client's checks before a save: true when the form may go (the errors are cleared); else the
   * errors under the fields, a toast, and the first one focused.
   */
  const accept = (problems: E, scroll = true): boolean => {
    if (!hasErrors(problems)) {
      setErrors(noErrors);
      return true;
    }
    setErrors(problems);
    toast.error(BACKOFFICE_MESSAGES.fixErrors);
    focusFirstError(scroll);
    return false;
  };

  /**
   * A save worked: `next` (the stored values) is the new baseline, and what the form shows unless
   * the staff member typed while it was saving (then that stays, still unsaved). True when shown.
   */
  const rebase = (next: V, sent: V): boolean => {
    setBaseline(next);
    if (!same(valuesRef.current, sent)) return false;
    setValues(next);
    return true;
  };

  /** A text input's value, change and error, bound to one field. */
  const text = <K extends keyof V>(key: K) => ({
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.currentTarget.value as V[K]),
    error: errorOf(errors, key),
  });

  /** A switch's state and change, bound to one field. */
  const check = <K extends keyof V>(key: K) => ({
    checked: values[key] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(key, event.currentTarget.checked as V[K]),
  });

  return {
    values,
    errors,
    text,
    check,
    setErrors,
    valuesRef,
    dirty,
    guard,
    formRef,
    set,
    focusFirstError,
    accept,
    rebase,
  };
}

/** Ctrl+S / Cmd+S runs `save` from anywhere on the page, rich text fields included. */
export function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** What {@link useDeleteAction} needs of a desk's delete mutation. */
interface DeleteMutation {
  mutate: (
    id: number,
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/**
 * An editor's 'Excluir': the confirmation's state, and the delete itself: the toast and back to the
 * list when it worked; the server's own sentence for a refusal it explains (`refusedCodes`, shown
 * by `onRefused`, a toast by default); else the desk's words for the failure.
 */
export function useDeleteAction({
  id,
  remove,
  guard,
  deleted,
  listPath,
  texts,
  refusedCodes = [409],
  onRefused = (message) => toast.error(message),
}: {
  id: number | undefined;
  remove: DeleteMutation;
  guard: { leave: (to: string, options?: { replace?: boolean }) => void };
  deleted: string;
  listPath: string;
  texts: AccessTexts & { deleteError: string };
  refusedCodes?: number[];
  onRefused?: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const run = () => {
    if (id === undefined) return;
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(deleted);
        guard.leave(listPath, { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError && refusedCodes.includes(error.code))
          onRefused(error.message);
        else toast.error(failureText(error, texts.deleteError, texts));
      },
    });
  };
  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    run,
    deleting: remove.isPending,
  };
}

/** What a desk says when a save fails: which field a server message belongs to, and its words. */
export interface SaveFailureTexts<V, E> {
  /** The field a server refusal names (its Portuguese message), null for none. */
  fieldOf: (message: string) => keyof V | null;
  /** The errors that put `message` under `field` (a flat record by default). */
  toErrors?: (field: keyof V, message: string) => E;
  saveError: string;
  texts: AccessTexts;
}

/**
 * An editor of a stored item (a news item, a promotion, a hunt): the form, the item as last saved,
 * and the 409 state (someone else saved since it was loaded).
 */
export function useItemEditor<D, V extends object, E = Partial<Record<keyof V, string>>>(
  loaded: D | null,
  options: EditorFormOptions<V, E>,
) {
  const form = useEditorForm<V, E>(options);
  const [draft, setDraft] = useState<D | null>(loaded);
  const [stale, setStale] = useState(false);

  /** A save worked: the item as stored, `next` its values (see `rebase`). True when shown. */
  const stored = (saved: D, next: V, sent: V): boolean => {
    setStale(false);
    setDraft(saved);
    return form.rebase(next, sent);
  };

  /** A save failed: a 409 shows the stale alert; a refusal naming a field goes under it; else a toast. */
  const failed = (
    error: unknown,
    { fieldOf, toErrors, saveError, texts }: SaveFailureTexts<V, E>,
  ) => {
    if (isConflict(error)) {
      setStale(true);
      return;
    }
    const message = error instanceof ApiError ? error.message : '';
    const field = fieldOf(message);
    if (field) {
      form.setErrors(toErrors ? toErrors(field, message) : ({ [field]: message } as E));
      form.focusFirstError();
    } else toast.error(failureText(error, saveError, texts));
  };

  return { ...form, draft, stale, stored, failed };
}
