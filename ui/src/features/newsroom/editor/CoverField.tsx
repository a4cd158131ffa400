import { useId, useRef, useState } from 'react';
import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { IconPhotoUp, IconReplace, IconTrash, IconX } from '@tabler/icons-react';
import { limits } from '@/generated/validation-rules';
import { imageWidthUrl } from '../api/newsroom-api';
import { NEWSROOM_MESSAGES } from '../messages';
import { checkImageFile, useImageUpload } from './use-image-upload';
import classes from '../Newsroom.module.css';

/** The preview's width: the 640 rendition fills the side panel on any screen. */
const PREVIEW_WIDTH = 640;

export interface CoverFieldProps {
  /** The stored picture's address ('' = none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * The cover picture: a button (and, on a computer, a drop zone) that checks the file with the
 * server's rules, uploads it with a progress bar, shows the result, and can replace or remove it.
 */
export function CoverField({ value, onChange, error }: CoverFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = problem ?? error;
  const uploading = upload.state.status === 'uploading' ? upload.state : null;

  const send = async (file: File) => {
    setProblem(null);
    const refused = await checkImageFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    const image = await upload.start(file);
    if (image) onChange(image.url);
    else if (upload.lastError.current) setProblem(upload.lastError.current);
  };

  const pick = () => input.current?.click();

  return (
    <Input.Wrapper
      label={NEWSROOM_MESSAGES.coverLabel}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={value ? undefined : NEWSROOM_MESSAGES.coverHint}
      error={shownError}
      errorProps={{ id: `${id}-error` }}
      data-testid="cover-field"
    >
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={limits.IMAGE_ACCEPT}
        className={classes.fileInput}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={shownError ? `${id}-error` : undefined}
        data-testid="cover-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      {uploading ? (
        <div className={classes.coverBox} aria-live="polite">
          <Text size="sm" fw={600} truncate>
            {NEWSROOM_MESSAGES.coverUploading}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {uploading.name}
          </Text>
          <Progress
            mt="xs"
            value={uploading.progress === null ? 100 : Math.round(uploading.progress * 100)}
            animated={uploading.progress === null || uploading.progress >= 1}
            striped={uploading.progress === null}
            aria-label={NEWSROOM_MESSAGES.coverUploading}
            data-testid="cover-progress"
          />
          <Button
            mt="xs"
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={upload.cancel}
          >
            Cancelar envio
          </Button>
        </div>
      ) : value ? (
        <div className={classes.coverPreview}>
          <img
            src={imageWidthUrl(value, PREVIEW_WIDTH)}
            alt="Capa escolhida"
            className={classes.coverImage}
            data-testid="cover-preview"
          />
          <Group gap="xs" mt="xs" justify="space-between">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReplace size={14} aria-hidden />}
              onClick={pick}
            >
              {NEWSROOM_MESSAGES.coverReplace}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                setProblem(null);
                onChange('');
              }}
            >
              {NEWSROOM_MESSAGES.coverRemove}
            </Button>
          </Group>
        </div>
      ) : (
        <div
          className={classes.dropZone}
          data-dragging={dragging || undefined}
          data-error={shownError ? true : undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const file = event.dataTransfer.files[0];
            if (file) void send(file);
          }}
        >
          <IconPhotoUp size={28} stroke={1.4} aria-hidden />
          <Text size="sm" c="dimmed" ta="center">
            {NEWSROOM_MESSAGES.coverDrop}
          </Text>
          <Button size="xs" variant="light" onClick={pick}>
            {NEWSROOM_MESSAGES.coverPick}
          </Button>
        </div>
      )}
    </Input.Wrapper>
  );
}
