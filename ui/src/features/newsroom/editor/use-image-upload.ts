/**
 * Picture uploads of the editor (the cover and pictures in the body): a check before sending, with
 * the server's own rules and words, then POST backoffice/images with its progress.
 */
import type { UploadedImage } from '@/generated/UploadedImage';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useUpload } from '@/lib/upload';
import { uploadImage } from '../api/newsroom-api';
import { NEWSROOM_MESSAGES } from '../messages';

const ACCEPTED: readonly string[] = limits.IMAGE_ACCEPT.split(',');

/**
 * What is wrong with a picture before it is sent (type, size and, where the browser can decode it
 * here, width), in the server's words; null when it may go. The server checks the bytes again.
 */
export async function checkImageFile(file: File): Promise<string | null> {
  if (!ACCEPTED.includes(file.type)) return messages.IMAGE_TYPE;
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

/** The message for a failed upload: the server's Portuguese text for a refusal, else ours. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return NEWSROOM_MESSAGES.loginRequired;
    if (error.code === 403) return NEWSROOM_MESSAGES.noPermission;
    if (error.code === 400 || error.code === 413 || error.code === 415) {
      // The server's refusals are the IMAGE_* texts; anything else (a proxy's 413) is ours.
      const known = [messages.IMAGE_TYPE, messages.IMAGE_SIZE, messages.IMAGE_DIMENSIONS];
      if (known.some((text) => text === error.message)) return error.message;
      if (error.code === 413) return messages.IMAGE_SIZE;
    }
  }
  return NEWSROOM_MESSAGES.uploadError;
}

export type { UploadState } from '@/lib/upload';

/** The cover's and the body's picture uploads (POST backoffice/images). */
export function useImageUpload() {
  return useUpload<UploadedImage>(uploadImage, uploadErrorText);
}
