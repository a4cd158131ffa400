import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { IconReplace, IconTrash, IconX } from '@tabler/icons-react';
import type { UploadState } from '@/lib/upload';
import { BACKOFFICE_MESSAGES } from '../messages';
import classes from '../Backoffice.module.css';

/** What an upload field needs of its upload (`useUpload`). */
export interface UploadHandle<T> {
  state: UploadState;
  start: (file: File) => Promise<T | null>;
  cancel: () => void;
  lastError: { current: string };
}

export interface UploadTexts {
  uploading: string;
  drop: string;
  pick: string;
  replace: string;
  remove: string;
}

/** The test ids of a field's parts; the parts without one get none. */
export interface UploadTestIds {
  field?: string;
  input?: string;
  preview?: string;
  progress?: string;
}

export interface UploadFieldProps<T> {
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** The stored file's address ('' = none). */
  value: string;
  error?: string;
  accept: string;
  upload: UploadHandle<T>;
  /** What is wrong with a file before it is sent; null when it may go. */
  check: (file: File) => string | null | Promise<string | null>;
  onUploaded: (stored: T) => void;
  onRemove: () => void;
  texts: UploadTexts;
  /** The empty state's icon. */
  icon: ReactNode;
  /** What shows the stored file (a picture, a player), above 'Trocar' and 'Remover'. */
  preview: ReactNode;
  /** The class of the stored file's box. */
  previewClassName?: string;
  /** A file may be dragged onto the empty state (pictures; MP3s come from a folder). */
  droppable?: boolean;
  /**
   * The buttons name the field in their accessible names ('Trocar imagem: Banner'): a page with
   * several such fields needs it; a page's only one (the cover) keeps the plain names.
   */
  namedButtons?: boolean;
  testIds?: UploadTestIds;
}

/**
 * An upload field: a button (and, where files are dragged, a drop zone) that checks the file with
 * the server's rules, uploads it with a progress bar, shows the result, and can replace or remove it.
 * The picture, cover and audio fields are this one with their own preview and words.
 */
export function UploadField<T>({
  label,
  description,
  required,
  value,
  error,
  accept,
  upload,
  check,
  onUploaded,
  onRemove,
  texts,
  icon,
  preview,
  previewClassName,
  droppable = false,
  namedButtons = true,
  testIds = {},
}: UploadFieldProps<T>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = problem ?? error;
  const uploading = upload.state.status === 'uploading' ? upload.state : null;
  const named = (text: string) => (namedButtons ? `${text}: ${label}` : undefined);

  const send = async (file: File) => {
    setProblem(null);
    const refused = await check(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    const stored = await upload.start(file);
    if (stored) onUploaded(stored);
    else if (upload.lastError.current) setProblem(upload.lastError.current);
  };

  const pick = () => input.current?.click();
  const onDropFile = (file: File | undefined) => {
    setDragging(false);
    if (file) void send(file);
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      required={required}
      error={shownError}
      errorProps={{ id: `${id}-error` }}
      data-testid={testIds.field}
    >
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={accept}
        className={classes.fileInput}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={shownError ? `${id}-error` : undefined}
        data-testid={testIds.input}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      {uploading ? (
        <div className={classes.coverBox} aria-live="polite">
          <Text size="sm" fw={600} truncate>
            {texts.uploading}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {uploading.name}
          </Text>
          <Progress
            mt="xs"
            value={uploading.progress === null ? 100 : Math.round(uploading.progress * 100)}
            animated={uploading.progress === null || uploading.progress >= 1}
            striped={uploading.progress === null}
            aria-label={texts.uploading}
            data-testid={testIds.progress}
          />
          <Button
            mt="xs"
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={upload.cancel}
          >
            {BACKOFFICE_MESSAGES.uploadCancel}
          </Button>
        </div>
      ) : value ? (
        <div className={previewClassName}>
          {preview}
          <Group gap="xs" mt="xs" justify="space-between">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReplace size={14} aria-hidden />}
              onClick={pick}
              aria-label={named(texts.replace)}
            >
              {texts.replace}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={named(texts.remove)}
              onClick={() => {
                setProblem(null);
                onRemove();
              }}
            >
              {texts.remove}
            </Button>
          </Group>
        </div>
      ) : (
        <div
          className={classes.dropZone}
          data-dragging={dragging || undefined}
          data-error={shownError ? true : undefined}
          {...(droppable && {
            onDragOver: (event: React.DragEvent) => {
              event.preventDefault();
              setDragging(true);
            },
            onDragLeave: () => setDragging(false),
            onDrop: (event: React.DragEvent) => {
              event.preventDefault();
              onDropFile(event.dataTransfer.files[0]);
            },
          })}
        >
          {icon}
          <Text size="sm" c="dimmed" ta="center">
            {texts.drop}
          </Text>
          <Button size="xs" variant="light" onClick={pick} aria-label={named(texts.pick)}>
            {texts.pick}
          </Button>
        </div>
      )}
    </Input.Wrapper>
  );
}
