import { z } from 'zod';

/** The fields of a paged answer besides its items: the total and the page it answers. */
export const PageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** A paged answer: one page of `item`s with the total. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ ...PageFields, list: z.array(item) });
}

/** The highest page a list call takes (a page past a list's end answers its total, and no rows). */
export const MAX_PAGE = 100_000;

/**
 * The paging of a list call (page from 1 to MAX_PAGE, limit up to `maxLimit`, default 20), with its Chinese
 * refusals.
 */
export function pageQuery(maxLimit: number) {
  return {
    page: z.coerce
      .number({ error: '页码不正确' })
      .int('页码不正确')
      .min(1, '页码不正确')
      .max(MAX_PAGE, '页码不正确')
      .optional()
      .default(1),
    limit: z.coerce
      .number({ error: '每页数量不正确' })
      .int()
      .min(1)
      .max(maxLimit, `每页最多 ${maxLimit} 条`)
      .optional()
      .default(20),
  };
}

/** A trimmed text of at most `max` characters without NUL characters (`message` when too long). */
export const plainText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((s) => !s.includes('\u0000'), '内容包含无效字符');
