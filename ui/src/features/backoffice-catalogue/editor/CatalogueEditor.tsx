import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDeviceFloppy,
  IconExternalLink,
  IconTrash,
} from '@tabler/icons-react';
import { DeleteModal, LeaveModal } from '@/features/backoffice-promotions/editor/EditorParts';
import { failureText } from '@/features/backoffice-promotions/editor/editor-helpers';
import { useUnsavedGuard } from '@/features/newsroom/editor/use-unsaved-guard';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import { messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { useDeleteItem, useSaveItem } from '../api/catalogue-api';
import { CAT_MESSAGES, collectionPath, itemEditPath, newItemLabel } from '../messages';
import {
  initialLabels,
  initialValues,
  publicUrl,
  sameValues,
  toInput,
  validateForm,
  type FieldValue,
  type FormErrors,
  type FormLabels,
  type FormValues,
} from './catalogue-form';
import { FieldInput } from './FieldInput';
import classes from '../Catalogue.module.css';
import shared from '@/features/newsroom/Newsroom.module.css';

export interface CatalogueEditorProps {
  userId: number;
  collection: CollectionSpec;
  /** The item as loaded; null for a new one. */
  item: CatalogueItem | null;
}

/**
 * The generic editor: the collection's fields in the server's order on the left, a sticky panel on
 * the right at 1280 px ('Salvar', 'Ver no site', 'Excluir'), one column on a phone with 'Salvar'
 * stuck to the bottom of the screen. Ctrl/Cmd+S saves; leaving unsaved asks first. A refusal of the
 * server (400, naming the field; 409) shows as an alert above the form.
 */
export function CatalogueEditor({ userId, collection, item: loaded }: CatalogueEditorProps) {
  const [item, setItem] = useState<CatalogueItem | null>(loaded);
  const [baseline, setBaseline] = useState<FormValues>(() => initialValues(collection, loaded));
  const [values, setValues] = useState<FormValues>(baseline);
  const [labels, setLabels] = useState<FormLabels>(() => initialLabels(loaded));
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const save = useSaveItem(userId, collection.key);
  const remove = useDeleteItem(userId, collection.key);
  const dirty = !sameValues(values, baseline);
  const guard = useUnsavedGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;
  const heading = item ? item.title || CAT_MESSAGES.edit : newItemLabel(collection.singular);
  const siteUrl = publicUrl(collection, item);

  const set = useCallback((key: string, value: FieldValue, label?: string | string[]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (label !== undefined) setLabels((current) => ({ ...current, [key]: label }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center' });
    });

  const showRefusal = (message: string) => {
    setRefusal(message);
    requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center' }));
  };

  const submit = () => {
    if (save.isPending) return;
    const sent = valuesRef.current;
    const problems = validateForm(collection, sent);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      toast.error(CAT_MESSAGES.fixErrors);
      focusFirstError();
      return;
    }
    setErrors({});
    setRefusal(null);
    const before = item;
    save.mutate(
      { id: before?.id ?? null, input: toInput(collection, sent) },
      {
        onSuccess: (saved) => {
          setItem(saved);
          const next = initialValues(collection, saved);
          // The rich texts stay what tiptap holds: the server's sanitised HTML would read as a
          // change at once.
          for (const field of collection.fields)
            if (field.kind === 'html') next[field.key] = sent[field.key] ?? '';
          setBaseline(next);
          // Typed while saving? Keep it (still unsaved); else show the stored values.
          if (sameValues(valuesRef.current, sent)) {
            setValues(next);
            setLabels(initialLabels(saved));
          }
          toast.success(messages.CATALOGUE_SAVED);
          if (!before) guard.leave(itemEditPath(collection.key, saved.id), { replace: true });
        },
        onError: (error) => {
          // A 400 names its field in Portuguese, a 409 says why: the server's own sentence.
          if (error instanceof ApiError && (error.code === 400 || error.code === 409))
            showRefusal(error.message);
          else toast.error(failureText(error, CAT_MESSAGES.saveError));
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

  const onDelete = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(messages.CATALOGUE_DELETED);
        guard.leave(collectionPath(collection.key), { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        // A 409 is CATALOGUE_IN_USE (or CATALOGUE_FIXED): the server's sentence says why.
        if (error instanceof ApiError && (error.code === 409 || error.code === 400))
          showRefusal(error.message);
        else toast.error(failureText(error, CAT_MESSAGES.deleteError));
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
      {CAT_MESSAGES.save}
    </Button>
  );

  return (
    <>
      {refusal && (
        <Alert
          ref={alertRef}
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={CAT_MESSAGES.serverTitle}
          mb="lg"
          role="alert"
          withCloseButton
          closeButtonLabel="Fechar"
          onClose={() => setRefusal(null)}
          data-testid="server-alert"
        >
          {refusal}
        </Alert>
      )}
      <form
        ref={formRef}
        className={shared.editor}
        onSubmit={onSubmit}
        noValidate
        aria-label={heading}
        data-testid="catalogue-editor"
      >
        <div className={shared.editorMain}>
          {collection.fields.map((field) => (
            <FieldInput
              key={field.key}
              userId={userId}
              field={field}
              value={values[field.key] ?? null}
              label={labels[field.key]}
              error={errors[field.key]}
              onChange={(value, label) => set(field.key, value, label)}
            />
          ))}
        </div>
        <aside className={shared.editorSide} aria-label={CAT_MESSAGES.actions}>
          <section className={shared.panel} data-testid="actions-panel">
            <Text component="h2" className={shared.panelTitle}>
              {collection.singular.charAt(0).toUpperCase() + collection.singular.slice(1)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {item ? `#${item.id}` : CAT_MESSAGES.notSavedYet}
              {dirty && (
                <Text span c="orange.8" fw={600} size="xs" data-testid="unsaved">
                  {' · '}
                  {CAT_MESSAGES.unsaved}
                </Text>
              )}
            </Text>
            <Stack gap="sm" mt="md">
              {!narrow && (
                <>
                  {saveButton}
                  <Text size="xs" c="dimmed" ta="center" mt={-6}>
                    {CAT_MESSAGES.shortcut}
                  </Text>
                </>
              )}
              {siteUrl && (
                <Button
                  component="a"
                  href={siteUrl}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                  leftSection={<IconExternalLink size={16} aria-hidden />}
                >
                  {CAT_MESSAGES.viewOnSite}
                </Button>
              )}
              {item && !collection.fixed && (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setConfirmingDelete(true)}
                  >
                    {CAT_MESSAGES.delete}
                  </Button>
                </Group>
              )}
            </Stack>
          </section>
        </aside>
        {narrow && (
          <div className={classes.saveBar} data-testid="save-bar">
            {saveButton}
          </div>
        )}
      </form>
      <LeaveModal
        opened={guard.pending !== null}
        onStay={guard.cancelLeave}
        onLeave={guard.confirmLeave}
      />
      <DeleteModal
        opened={confirmingDelete}
        title={CAT_MESSAGES.deleteTitle}
        text={CAT_MESSAGES.deleteText}
        name={item?.title ?? ''}
        deleting={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={onDelete}
      />
    </>
  );
}
