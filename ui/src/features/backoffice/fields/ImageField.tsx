import { IconPhotoUp } from '@tabler/icons-react';
import { limits } from '@/generated/validation-rules';
import { imageWidthUrl } from '../format';
import { BACKOFFICE_MESSAGES } from '../messages';
import { checkImageFile, useImageUpload, type ImageUploads } from './upload';
import { UploadField, type UploadTestIds } from './UploadField';
import classes from '../Backoffice.module.css';

/** The preview's width: the 640 rendition fills the side panel on any screen. */
const PREVIEW_WIDTH = 640;

const TEXTS = {
  uploading: BACKOFFICE_MESSAGES.pictureUploading,
  drop: BACKOFFICE_MESSAGES.pictureDrop,
  pick: BACKOFFICE_MESSAGES.picturePick,
  replace: BACKOFFICE_MESSAGES.pictureReplace,
  remove: BACKOFFICE_MESSAGES.pictureRemove,
};

export interface ImageFieldProps {
  label: string;
  /** Shown while no picture is chosen. */
  description?: string;
  /** The stored picture's address ('' = none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** The desk's upload call and words (POST backoffice/images). */
  uploads: ImageUploads;
  /** The chosen picture's text for a screen reader (the label by default). */
  previewAlt?: string;
  /** See {@link UploadField}: false for a page's only picture (the news cover). */
  namedButtons?: boolean;
  /** The field's test id; its parts get `-input` and `-preview` after it unless given here. */
  'data-testid'?: string;
  testIds?: UploadTestIds;
}

/**
 * A picture field (a news cover, a promotion's picture and banner, a prize's picture, a catalogue
 * item's picture, the station's logo): drop or pick, checked in the server's words, uploaded with
 * progress, shown in the 640 px rendition.
 */
export function ImageField({
  label,
  description,
  value,
  onChange,
  error,
  uploads,
  previewAlt = label,
  namedButtons,
  'data-testid': testId,
  testIds,
}: ImageFieldProps) {
  const upload = useImageUpload(uploads);
  const ids = testIds ?? {
    field: testId,
    input: testId ? `${testId}-input` : undefined,
    preview: testId ? `${testId}-preview` : undefined,
  };
  return (
    <UploadField
      label={label}
      description={value ? undefined : description}
      value={value}
      error={error}
      accept={limits.IMAGE_ACCEPT}
      upload={upload}
      check={checkImageFile}
      onUploaded={(image) => onChange(image.url)}
      onRemove={() => onChange('')}
      texts={TEXTS}
      icon={<IconPhotoUp size={28} stroke={1.4} aria-hidden />}
      preview={
        <img
          src={imageWidthUrl(value, PREVIEW_WIDTH)}
          alt={previewAlt}
          className={classes.coverImage}
          data-testid={ids.preview}
        />
      }
      previewClassName={classes.coverPreview}
      droppable
      namedButtons={namedButtons}
      testIds={ids}
    />
  );
}
