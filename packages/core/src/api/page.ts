import { z } from 'zod';
import { CONSTANTS } from '../constants';

/** The fields of a paged answer besides its items: the total and the page it answers. */
export const PageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** A paged answer: one page of `item`s with the total. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ ...PageFields, list: z.array(item) });
}

/** The highest page a list call takes (a page past a list's end answers its total, and no rows). */
export const MAX_PAGE = 100_000;

/**
 * The largest page size a dealer list takes: the largest the pagination bar offers (spec.md section
 * 9, CONSTANTS.pageSizes), so that no size the bar offers is refused by a list.
 */
export const MAX_PAGE_SIZE: number = Math.max(...CONSTANTS.pageSizes);

/** A page size from 1 to `maxLimit` (`defaultLimit` when absent), with its Chinese refusals. */
function limitOf(maxLimit: number, defaultLimit: number) {
  return z.coerce
    .number({ error: '每页数量不正确' })
    .int('每页数量不正确')
    .min(1, '每页数量不正确')
    .max(maxLimit, `每页最多 ${maxLimit} 条`)
    .optional()
    .default(defaultLimit);
}

/**
 * The page size of a dealer list: up to MAX_PAGE_SIZE (every size of the pagination bar),
 * `defaultLimit` when absent.
 */
export const pageLimit = (defaultLimit: number = CONSTANTS.defaultPageSize) => limitOf(MAX_PAGE_SIZE, defaultLimit);

/**
 * The paging of a list call (page from 1 to MAX_PAGE, limit up to `maxLimit`, default 20), with its Chinese
 * refusals.
 */
export function pageQuery(maxLimit: number = MAX_PAGE_SIZE) {
  return {
    page: z.coerce
      .number({ error: '页码不正确' })
      .int('页码不正确')
      .min(1, '页码不正确')
      .max(MAX_PAGE, '页码不正确')
      .optional()
      .default(1),
    limit: limitOf(maxLimit, 20),
  };
}

/** A trimmed text of at most `max` characters without NUL characters (`message` when too long). */
export const plainText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((s) => !s.includes('\u0000'), '内容包含无效字符');
