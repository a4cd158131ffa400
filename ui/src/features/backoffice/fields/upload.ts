/**
 * The upload fields' checks and calls: a check before sending, with the server's own rules and
 * words, then the desk's upload call (a fetcher of its `api/`, e.g. POST backoffice/images) with its
 * progress. The kit makes no call itself: every field takes the desk's fetcher.
 */
import type { UploadedAudio } from '@/generated/UploadedAudio';
import type { UploadedImage } from '@/generated/UploadedImage';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useUpload } from '@/lib/upload';
import type { AccessTexts } from '../form';
import { BACKOFFICE_MESSAGES } from '../messages';

export type { UploadState } from '@/lib/upload';

/** A desk's upload call (multipart, field `file`), with its progress (`lib/upload`). */
export type Uploader<T> = (
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) => Promise<T>;

/** What a desk gives its upload fields: its call, and its words for a refused session. */
export interface Uploads<T> {
  upload: Uploader<T>;
  texts: AccessTexts;
}
export type ImageUploads = Uploads<UploadedImage>;
export type AudioUploads = Uploads<UploadedAudio>;

const IMAGE_ACCEPTED: readonly string[] = limits.IMAGE_ACCEPT.split(',');
const AUDIO_ACCEPTED: readonly string[] = limits.AUDIO_ACCEPT.split(',');

/**
 * What is wrong with a picture before it is sent (type, size and, where the browser can decode it
 * here, width), in the server's words; null when it may go. The server checks the bytes again.
 */
export async function checkImageFile(file: File): Promise<string | null> {
  if (!IMAGE_ACCEPTED.includes(file.type)) return messages.IMAGE_TYPE;
  if (file.size > limits.IMAGE_MAX_BYTES) return messages.IMAGE_SIZE;
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const { width, height } = bitmap;
      bitmap.close();
      if (
        width < limits.IMAGE_MIN_WIDTH ||
        width > limits.IMAGE_MAX_SIDE ||
        height > limits.IMAGE_MAX_SIDE
      )
        return messages.IMAGE_DIMENSIONS;
    } catch {
      // Not decodable here (an unusual but valid file): the server decides.
    }
  }
  return null;
}

/** What is wrong with an MP3 before it is sent (type, size); null when it may go. */
export function checkAudioFile(file: File): string | null {
  const typeFine =
    AUDIO_ACCEPTED.includes(file.type) ||
    AUDIO_ACCEPTED.some(
      (accepted) => accepted.startsWith('.') && file.name.toLowerCase().endsWith(accepted),
    );
  if (!typeFine) return messages.AUDIO_TYPE;
  if (file.size > limits.AUDIO_MAX_BYTES) return messages.AUDIO_SIZE;
  return null;
}

/** The message for a failed picture upload: the server's Portuguese text for a refusal, else ours. */
export function imageErrorText(error: unknown, texts: AccessTexts): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return texts.loginRequired;
    if (error.code === 403) return texts.noPermission;
    if (error.code === 400 || error.code === 413 || error.code === 415) {
      // The server's refusals are the IMAGE_* texts; anything else (a proxy's 413) is ours.
      const known = [messages.IMAGE_TYPE, messages.IMAGE_SIZE, messages.IMAGE_DIMENSIONS];
      if (known.some((text) => text === error.message)) return error.message;
      if (error.code === 413) return messages.IMAGE_SIZE;
    }
  }
  return BACKOFFICE_MESSAGES.pictureError;
}

/** The message for a failed MP3 upload: the server's Portuguese text for a refusal, else ours. */
export function audioErrorText(error: unknown, texts: AccessTexts): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return texts.loginRequired;
    if (error.code === 403) return texts.noPermission;
    if (error.code === 413) return messages.AUDIO_SIZE;
    // The server's 400s are AUDIO_TYPE, AUDIO_SIZE or a sentence about the frames: Portuguese.
    if ((error.code === 400 || error.code === 415) && error.message) return error.message;
  }
  return BACKOFFICE_MESSAGES.audioError;
}

/** A picture upload with its progress (the picture fields and the rich text's picture button). */
export function useImageUpload({ upload, texts }: ImageUploads) {
  return useUpload<UploadedImage>(upload, (error) => imageErrorText(error, texts));
}

/** An MP3 upload with its progress. */
export function useAudioUpload({ upload, texts }: AudioUploads) {
  return useUpload<UploadedAudio>(upload, (error) => audioErrorText(error, texts));
}
