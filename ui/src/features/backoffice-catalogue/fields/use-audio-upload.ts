/**
 * MP3 uploads of the catalogue (a song's preview, a client's spot): a check before sending, in the
 * server's words, then POST backoffice/audio with its progress. The newsroom's useImageUpload for
 * audio: the same states, so the field looks and behaves like the picture fields.
 */
import type { UploadedAudio } from '@/generated/UploadedAudio';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useUpload } from '@/lib/upload';
import { uploadAudio } from '../api/catalogue-api';
import { CAT_MESSAGES } from '../messages';

const ACCEPTED: readonly string[] = limits.AUDIO_ACCEPT.split(',');

/** What is wrong with a file before it is sent (type, size); null when it may go. */
export function checkAudioFile(file: File): string | null {
  const typeFine =
    ACCEPTED.includes(file.type) ||
    ACCEPTED.some(
      (accepted) => accepted.startsWith('.') && file.name.toLowerCase().endsWith(accepted),
    );
  if (!typeFine) return messages.AUDIO_TYPE;
  if (file.size > limits.AUDIO_MAX_BYTES) return messages.AUDIO_SIZE;
  return null;
}

/** The message for a failed upload: the server's Portuguese text for a refusal, else ours. */
export function audioErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return CAT_MESSAGES.loginRequired;
    if (error.code === 403) return CAT_MESSAGES.noPermission;
    if (error.code === 413) return messages.AUDIO_SIZE;
    // The server's 400s are AUDIO_TYPE, AUDIO_SIZE or a sentence about the frames: Portuguese.
    if ((error.code === 400 || error.code === 415) && error.message) return error.message;
  }
  return CAT_MESSAGES.audioError;
}

/** The MP3 fields' uploads (POST backoffice/audio). */
export function useAudioUpload() {
  return useUpload<UploadedAudio>(uploadAudio, audioErrorText);
}
