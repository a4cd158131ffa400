/**
 * The listener forms' calls (doc2 §7; G24, S09, S15). Every reply is the
 * `{status, message, data}` envelope; a refusal becomes an {@link ApiError} carrying the server's
 * message. The bearer token goes along when the app holds one (desktop); the website's cookie goes
 * with every call, so the server knows the sender of a recommendation (required) and of a contact
 * message (S15: the contact's userId is the session's, whatever the body says).
 */
import type { ContactRequest } from '@/generated/ContactRequest';
import type { CurriculumRequest } from '@/generated/CurriculumRequest';
import type { CurriculumUpload } from '@/generated/CurriculumUpload';
import type { FreeStreamingRequest } from '@/generated/FreeStreamingRequest';
import type { RecommendationRequest } from '@/generated/RecommendationRequest';
import { api, ApiError, resolveApiPath } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

const auth = () => ({ token: getAuthToken() });

export const UPLOAD_CURRICULUM_PATH = 'workWithUs/uploadCurriculum';

export const formsApi = {
  /** Needs a session (401 without). */
  sendRecommendation: (request: RecommendationRequest) =>
    api.post<unknown>('recomende/sendRecomendation', request, auth()),
  sendContact: (request: ContactRequest) =>
    api.post<unknown>('contact/sendMessage', request, auth()),
  /** `curriculum` is the `nome_arquivo` that {@link uploadCurriculum} answered. */
  sendCurriculum: (request: CurriculumRequest) =>
    api.post<unknown>('workWithUs/sendCurriculum', request),
  sendFreeStreaming: (request: FreeStreamingRequest) =>
    api.post<unknown>('freeStreaming/sendMessage', request),
};

/** The share of the file sent so far, 0..1. */
export type UploadProgress = (fraction: number) => void;

/**
 * G24: the CV goes to our server as the multipart field `file` (the media host's key never reaches
 * the browser, WK-06). XMLHttpRequest rather than fetch because only it reports upload progress.
 * Resolves with the stored file's reference; rejects with {@link ApiError} (`httpStatus` 0 for a
 * network failure or an abort).
 */
export function uploadCurriculum(
  file: File,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<CurriculumUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolveApiPath(UPLOAD_CURRICULUM_PATH));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(
          new ApiError(xhr.status >= 400 ? xhr.status : 'error', 'invalid response', xhr.status),
        );
        return;
      }
      const envelope = body as { status?: unknown; message?: unknown; data?: unknown };
      if (envelope.status === 'success' && isUpload(envelope.data)) {
        onProgress?.(1);
        resolve(envelope.data);
        return;
      }
      const status = typeof envelope.status === 'number' ? envelope.status : xhr.status;
      const message = typeof envelope.message === 'string' ? envelope.message : 'invalid response';
      reject(new ApiError(status >= 400 ? status : 'error', message, xhr.status));
    };
    const failed = () => reject(new ApiError('error', 'network error', 0));
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    if (signal) {
      if (signal.aborted) {
        failed();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function isUpload(value: unknown): value is CurriculumUpload {
  return (
    typeof value === 'object' &&
    value !== null &&
    'nome_arquivo' in value &&
    typeof value.nome_arquivo === 'string' &&
    value.nome_arquivo !== ''
  );
}
