import type { ImportBatch, ImportKind } from '@shop/core/api/admin-prices';
import { NO_RESPONSE_TEXT } from '@shop/core/api-status';
import { ApiError, interpret } from '../../lib/api';
import { getStaffToken } from '../../lib/session-token';

/** Statuses with work under way: the page asks again until they end. */
export const BUSY_STATUSES: ReadonlySet<ImportBatch['status']> = new Set(['previewing', 'applying', 'rolling_back']);

/** How often a page with work under way asks for the batch again. */
export const POLL_MS = 1_000;

export const importsKey = (kind: ImportKind) => ['admin', 'imports', kind] as const;

/**
 * Uploads an import file with progress (fetch cannot report an upload's): 0..100 while the body
 * is sent; answers the batch (previewing), or the ApiError the answer means.
 */
export function uploadImport(
  kind: ImportKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ImportBatch> {
  return new Promise<ImportBatch>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/imports/${kind}`);
    const token = getStaffToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      interpret<ImportBatch>(new Response(xhr.responseText, { status: xhr.status })).then(resolve, reject);
    };
    xhr.onerror = xhr.ontimeout = () => reject(new ApiError(NO_RESPONSE_TEXT, 0, 'network'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
