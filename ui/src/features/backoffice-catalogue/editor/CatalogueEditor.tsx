import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconTrash } from '@tabler/icons-react';
import {
  DeleteConfirm,
  EditorLayout,
  LeaveModal,
  PanelSave,
  SaveButton,
  SavedState,
} from '@/features/backoffice/editor/EditorParts';
import {
  useDeleteAction,
  useEditorForm,
  useSaveShortcut,
} from '@/features/backoffice/editor/use-editor-form';
import { failureText } from '@/features/backoffice/form';
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
import shared from '@/features/backoffice/Backoffice.module.css';

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
  const [labels, setLabels] = useState<FormLabels>(() => initialLabels(loaded));
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useEditorForm<FormValues, FormErrors>({
    initial: () => initialValues(collection, loaded),
    noErrors: {},
    same: sameValues,
  });
  const { values, errors, guard } = form;
  const save = useSaveItem(userId, collection.key);
  const remove = useDeleteItem(userId, collection.key);
  const alertRef = useRef<HTMLDivElement>(null);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;
  const heading = item ? item.title || CAT_MESSAGES.edit : newItemLabel(collection.singular);
  const siteUrl = publicUrl(collection, item);

  const set = (key: string, value: FieldValue, label?: string | string[]) => {
    form.set(key, value);
    if (label !== undefined) setLabels((current) => ({ ...current, [key]: label }));
  };

  const showRefusal = (message: string) => {
    setRefusal(message);
    requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center' }));
  };

  const submit = () => {
    if (save.isPending) return;
    const sent = form.valuesRef.current;
    if (!form.accept(validateForm(collection, sent))) return;
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
          if (form.rebase(next, sent)) setLabels(initialLabels(saved));
          toast.success(messages.CATALOGUE_SAVED);
          if (!before) guard.leave(itemEditPath(collection.key, saved.id), { replace: true });
        },
        onError: (error) => {
          // A 400 names its field in Portuguese, a 409 says why: the server's own sentence.
          if (error instanceof ApiError && (error.code === 400 || error.code === 409))
            showRefusal(error.message);
          else toast.error(failureText(error, CAT_MESSAGES.saveError, CAT_MESSAGES));
        },
      },
    );
  };
  useSaveShortcut(submit);

  // A 409 is CATALOGUE_IN_USE (or CATALOGUE_FIXED): the server's sentence says why.
  const deletion = useDeleteAction({
    id: item?.id,
    remove,
    guard,
    deleted: messages.CATALOGUE_DELETED,
    listPath: collectionPath(collection.key),
    texts: CAT_MESSAGES,
    refusedCodes: [409, 400],
    onRefused: showRefusal,
  });

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
      <EditorLayout
        formRef={form.formRef}
        onSave={submit}
        label={heading}
        data-testid="catalogue-editor"
        main={collection.fields.map((field) => (
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
        sideLabel={CAT_MESSAGES.actions}
        saveBar={narrow && <SaveButton saving={save.isPending} />}
        side={
          <section className={shared.panel} data-testid="actions-panel">
            <Text component="h2" className={shared.panelTitle}>
              {collection.singular.charAt(0).toUpperCase() + collection.singular.slice(1)}
            </Text>
            <SavedState
              dirty={form.dirty}
              summary={item ? `#${item.id}` : CAT_MESSAGES.notSavedYet}
            />
            <Stack gap="sm" mt="md">
              {!narrow && <PanelSave saving={save.isPending} />}
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
                    onClick={deletion.ask}
                  >
                    {CAT_MESSAGES.delete}
                  </Button>
                </Group>
              )}
            </Stack>
          </section>
        }
      />
      <LeaveModal guard={guard} text={CAT_MESSAGES.leaveText} />
      <DeleteConfirm
        action={deletion}
        title={CAT_MESSAGES.deleteTitle}
        text={CAT_MESSAGES.deleteText}
        name={item?.title ?? ''}
      />
    </>
  );
}
