/**
 * File uploads of the back office (pictures, MP3s): POST a multipart body with a `file` field through
 * XMLHttpRequest rather than fetch, because fetch cannot report upload progress and a 10 MB cover or a
 * 30 MB song on a newsroom's Wi-Fi takes a while; and the hook the upload fields share (progress,
 * cancel, the failure's text).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, resolveApiPath } from './api';
import { getAuthToken } from './session';

/**
 * POST `path` (under /api/v1) with `file` as the `file` field, sending the session. `onProgress` gets
 * 0–1; the promise settles with the envelope's data or an {@link ApiError}.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', resolveApiPath(path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = getAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('error', 'network error', 0));
    request.onabort = () => reject(new ApiError('error', 'aborted', 0));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status || 'error', 'invalid response', request.status));
        return;
      }
      const envelope = body as { status?: unknown; message?: unknown; data?: unknown };
      const status = envelope.status;
      const message = typeof envelope.message === 'string' ? envelope.message : 'request failed';
      if (status === 'success') resolve(envelope.data as T);
      else
        reject(
          new ApiError(typeof status === 'number' ? status : 'error', message, request.status),
        );
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export type UploadState =
  | { status: 'idle' }
  /** `progress` 0–1, or null while the browser has not said how much went. */
  | { status: 'uploading'; progress: number | null; name: string };

/**
 * An upload field's state: `start(file)` sends it with `send` and answers what the server stored, or
 * null (failed: `lastError` holds `errorText` of the failure; or cancelled). Leaving the page stops an
 * upload in flight.
 */
export function useUpload<T>(
  send: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<T>,
  errorText: (error: unknown) => string,
) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  /** The last failure's text ('' after a success or a cancel). */
  const lastError = useRef('');
  const sendRef = useRef(send);
  const errorTextRef = useRef(errorText);
  useEffect(() => {
    sendRef.current = send;
    errorTextRef.current = errorText;
  });

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (file: File): Promise<T | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    lastError.current = '';
    setState({ status: 'uploading', progress: null, name: file.name });
    try {
      return await sendRef.current(
        file,
        (progress) => {
          if (!current.signal.aborted) setState({ status: 'uploading', progress, name: file.name });
        },
        current.signal,
      );
    } catch (error) {
      if (!current.signal.aborted) lastError.current = errorTextRef.current(error);
      return null;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setState({ status: 'idle' });
      }
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    lastError.current = '';
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel, lastError };
}
