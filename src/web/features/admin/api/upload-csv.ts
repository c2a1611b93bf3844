import type { ImportRefused, ImportResult } from '../../../../shared/schemas/import-export';
import { ApiError } from '../../../lib/api';

export type ImportTarget = 'listings' | 'categories';

/** Sent bytes against the file's size, while the upload runs. */
export type UploadProgress = { loaded: number; total: number };

/**
 * Sends a CSV file to an import endpoint. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which a file of tens of megabytes on a slow line needs. A real import refused for errors (422) answers
 * the same figures as a dry run, so it resolves with them; any other failure is an ApiError.
 */
export function uploadCsv(
  target: ImportTarget,
  file: Blob,
  dryRun: boolean,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImportResult | ImportRefused> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/import/${target}?dryRun=${dryRun}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      const text = xhr.responseText || xhr.statusText;
      let body: { message?: string } | undefined;
      try {
        body = JSON.parse(text) as { message?: string };
      } catch {
        // Not JSON (a proxy's error page, say): the text itself is the message.
      }
      if (xhr.status === 200 || (xhr.status === 422 && body && 'errors' in body)) resolve(body as ImportResult | ImportRefused);
      else reject(new ApiError(xhr.status, body?.message ?? text, undefined, text));
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed. Check your connection and try again.', undefined, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
