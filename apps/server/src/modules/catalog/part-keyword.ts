import { sql, type SQL } from 'drizzle-orm';
import { normalizePartNumber } from '@shop/core/part-number';
import { containsPattern } from '../../lib/like-pattern';

/**
 * Parts `p` matching a staff's or a list's keyword: with Chinese, in the name; otherwise the start
 * of the own code or the whole OE number (normalised). Empty (or nothing left once normalised): all.
 */
export function partKeywordSql(keyword: string): SQL {
  if (!keyword) return sql`true`;
  if (/\p{Script=Han}/u.test(keyword)) return sql`p.l_name_zh like ${containsPattern(keyword)}`;
  const norm = normalizePartNumber(keyword);
  if (!norm) return sql`true`;
  return sql`(p.frey_no_norm like ${`${norm}%`} or p.oe_number_norm = ${norm})`;
}
