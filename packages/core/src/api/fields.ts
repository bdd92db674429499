import { z } from 'zod';

/** Field shapes the API answers share (spec.md section 7). */

/** A yes/no the shop's API answers as 1 or 0. */
export const flag01 = z.union([z.literal(0), z.literal(1)]);

/** An amount of money: decimal text with two places (../money.ts). */
export const money = z.string();
