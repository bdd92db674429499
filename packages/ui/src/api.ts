import { NO_RESPONSE_TEXT, type Envelope } from '@shop/core/api-status';

/**
 * What both browser apps' api clients share (apps/web/src/lib/api-client.ts for the shop,
 * apps/admin/src/lib/api.ts for the back office): the error they throw, the 15 s limit, the
 * envelope test, the query string and reading a downloaded file. Each client keeps its own
 * headers, login handling and error catalogue.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A refusal or server fault that came without a message. */
export const EMPTY_REFUSAL_TEXT = '操作失败，请稍后再试';

export class ApiError extends Error {
  constructor(
    message: string,
    /** Body status for refusals (201, 500, 101, ...), HTTP status for transport errors, 0 without an answer. */
    readonly status: number,
    /** 'session': the login (dealer) or staff session ended; the client said so once already. */
    readonly kind: 'business' | 'session' | 'http' | 'network',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `url?k=v&...`, leaving out undefined and null values (and empty texts with `dropEmpty`). */
export function withQuery(url: string, query: Query | undefined, dropEmpty = false): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && !(dropEmpty && v === '')) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { status?: unknown }).status === 'number';
}

/** A file answered by a download endpoint (e.g. an export). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename*=UTF-8''...), else the fallback name. */
  fileName: string;
}

/** Bytes of a download received so far, and the whole size when the server sent Content-Length. */
export type DownloadProgress = (received: number, total: number | undefined) => void;

/** True when a download's answer is an envelope (a refusal, an ended session) instead of a file. */
export const isEnvelopeAnswer = (response: Response): boolean =>
  !response.ok || (response.headers.get('content-type') ?? '').includes('application/json');

/**
 * The file of a download's answer. With `onProgress` the body is read chunk by chunk and each
 * chunk reported; a connection lost on the way is the ApiError of no answer.
 */
export async function readDownloadedFile(
  response: Response,
  fallbackName: string,
  onProgress?: DownloadProgress,
): Promise<DownloadedFile> {
  const type = response.headers.get('content-type') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : fallbackName;
  try {
    if (!onProgress || !response.body) return { blob: await response.blob(), fileName };
    const length = Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : undefined;
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress(received, total);
    }
    return { blob: new Blob(chunks, { type }), fileName };
  } catch {
    throw new ApiError(NO_RESPONSE_TEXT, 0, 'network');
  }
}

/** Hands a downloaded file to the browser as a save. */
export function saveDownloadedFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
