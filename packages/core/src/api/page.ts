import { z } from 'zod';

/** The fields of a paged answer besides its items: the total and the page it answers. */
export const PageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** A paged answer: one page of `item`s with the total. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ ...PageFields, list: z.array(item) });
}
