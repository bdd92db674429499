import { z } from 'zod';
import { ApiStatus } from '@shop/core/api-status';

/** Success envelope `{ status: 200, msg, data }`. */
export function ok<T>(data: T, msg = 'success'): { status: number; msg: string; data: T } {
  return { status: ApiStatus.ok, msg, data };
}

/** The response schema of a route: the envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

/** The response schema of a route whose data is always null. */
export const emptyEnvelope = envelope(z.null());
