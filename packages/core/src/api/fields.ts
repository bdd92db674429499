import { z } from 'zod';
import { isDay } from '../days';
import { idInput } from './id-input';

/** Fields the API modules share, of answers and of requests (spec.md section 7). */

/** A yes/no the shop's API answers as 1 or 0. */
export const flag01 = z.union([z.literal(0), z.literal(1)]);

/** An amount of money: decimal text with two places (../money.ts). */
export const money = z.string();

/** A 0/1 as sent (JSON number or boolean, query or form text): 1, true, '1' and 'true' are 1, anything else 0. */
export const looseFlagInput = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0) as 0 | 1);

/** Ids as sent: comma-joined text, or one id as a number; as text (the service splits and checks them). */
export const idsText = z.union([z.string(), z.number()]).transform(String);

/** A calendar day 'YYYY-MM-DD' as sent; anything else (2026-02-30 too) is refused with `message`. */
export const dayInput = (message: string) => z.string().trim().refine(isDay, message);

/** A day 'YYYY-MM-DD' a list is filtered by, '' (or absent) for any day. */
export const dayFilter = z
  .string()
  .trim()
  .refine((day) => day === '' || isDay(day), '日期格式不正确')
  .default('');

/** The company a row belongs to: its id and name. */
export const companyFields = { company_id: z.number().int(), company_name: z.string() };

/** The dealer behind a row (its company and the account that wrote or placed it), as staff see it. */
export const dealerFields = { ...companyFields, account_name: z.string() };

/** A back-office list's filter by company (absent for every company). */
export const companyFilter = idInput('公司编号不正确').optional();

/** A row's state: its key and the key's Chinese text. */
export const statusFields = { status: z.string(), status_cn: z.string() };

/** The order a row belongs to: its id and number. */
export const orderRef = { orders_id: z.number().int(), orders_no: z.string() };

/** How a package travels: the carrier and its tracking number. */
export const trackingFields = { carrier: z.string(), tracking_no: z.string() };

/** The WeChat bound to an account: 1 when one is, and its nickname. */
export const wxFields = { wx_bound: flag01, wx_nickname: z.string() };

/** The key of one opened staff form (finance's payments and adjustments, points adjustments): a double submit or a retry of it writes once. */
export const formRequestKey = z.string().regex(/^[\w-]{8,64}$/, '参数错误：请求编号不正确');
