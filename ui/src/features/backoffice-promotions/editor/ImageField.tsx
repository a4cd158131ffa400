import { useId, useRef, useState } from 'react';
import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { IconPhotoUp, IconReplace, IconTrash, IconX } from '@tabler/icons-react';
import { imageWidthUrl } from '@/features/newsroom/api/newsroom-api';
import { checkImageFile, useImageUpload } from '@/features/newsroom/editor/use-image-upload';
import { limits } from '@/generated/validation-rules';
import { PROMO_MESSAGES } from '../messages';
import shared from '@/features/newsroom/Newsroom.module.css';

/** The preview's width: the 640 rendition fills the side panel on any screen. */
const PREVIEW_WIDTH = 640;

export interface ImageFieldProps {
  label: string;
  description?: string;
  /** The stored picture's address ('' = none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  'data-testid'?: string;
}

/**
 * A picture field (the promotion's picture and banner, each hunt prize's picture). The newsroom's
 * CoverField with a label of its own: a promotion has two pictures and a hunt up to twenty, so the
 * cover's fixed label and test ids cannot be reused; the upload itself is the newsroom's (the same
 * checks in the server's words, POST backoffice/images with progress) and so is the look.
 */
export function ImageField({
  label,
  description,
  value,
  onChange,
  error,
  'data-testid': testId,
}: ImageFieldProps) {
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
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={value ? undefined : description}
      error={shownError}
      errorProps={{ id: `${id}-error` }}
      data-testid={testId}
    >
      <input
        ref={input}
        type="file"
        accept={limits.IMAGE_ACCEPT}
        className={shared.fileInput}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={shownError ? `${id}-error` : undefined}
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      {uploading ? (
        <div className={shared.coverBox} aria-live="polite">
          <Text size="sm" fw={600} truncate>
            {PROMO_MESSAGES.pictureUploading}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {uploading.name}
          </Text>
          <Progress
            mt="xs"
            value={uploading.progress === null ? 100 : Math.round(uploading.progress * 100)}
            animated={uploading.progress === null || uploading.progress >= 1}
            striped={uploading.progress === null}
            aria-label={PROMO_MESSAGES.pictureUploading}
          />
          <Button
            mt="xs"
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={upload.cancel}
          >
            {PROMO_MESSAGES.pictureCancel}
          </Button>
        </div>
      ) : value ? (
        <div className={shared.coverPreview}>
          <img
            src={imageWidthUrl(value, PREVIEW_WIDTH)}
            alt={label}
            className={shared.coverImage}
            data-testid={testId ? `${testId}-preview` : undefined}
          />
          <Group gap="xs" mt="xs" justify="space-between">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReplace size={14} aria-hidden />}
              onClick={pick}
              aria-label={`${PROMO_MESSAGES.pictureReplace}: ${label}`}
            >
              {PROMO_MESSAGES.pictureReplace}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`${PROMO_MESSAGES.pictureRemove}: ${label}`}
              onClick={() => {
                setProblem(null);
                onChange('');
              }}
            >
              {PROMO_MESSAGES.pictureRemove}
            </Button>
          </Group>
        </div>
      ) : (
        <div
          className={shared.dropZone}
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
            {PROMO_MESSAGES.pictureDrop}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={pick}
            aria-label={`${PROMO_MESSAGES.picturePick}: ${label}`}
          >
            {PROMO_MESSAGES.picturePick}
          </Button>
        </div>
      )}
    </Input.Wrapper>
  );
}
