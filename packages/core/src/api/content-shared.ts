import { z } from 'zod';

/**
 * What the content areas staff fill in for dealers share (the learning centre, posters and
 * marketing): their categories, their typed texts, picture and video paths, and the paging of
 * their lists.
 */

/** A category as dealers see it: its name and how many published items it holds. */
export const ContentCategory = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });

/** A category as staff see it: with its place in the order. */
export const AdminContentCategory = ContentCategory.extend({ sort: z.number().int() });

/** The place in a list staff give an item (smaller first). */
export const sortInput = z.coerce.number().int().min(0).max(9999).default(0);

/** A text staff must type: trimmed, not empty (`required`), at most `max` characters (`tooLong`). */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

/** A category as staff create or rename it. */
export const contentCategoryInput = (texts: { nameRequired: string; nameTooLong: string }) =>
  z.object({ name: requiredText(20, texts.nameRequired, texts.nameTooLong), sort: sortInput });

/** An uploaded file's path (/media/…) or a web address, '' for none (`message` when malformed). */
export const mediaPath = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .regex(/^(|\/media\/[A-Za-z0-9/._-]+|https?:\/\/\S+)$/, message)
    .default('');

/** The page (from 1) and page size (up to `maxLimit`, `defaultLimit` when absent) of a list. */
export const contentPaging = (maxLimit: number, defaultLimit: number) => ({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
});
