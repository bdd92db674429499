import { sql } from 'drizzle-orm';
import { chinaDay } from '../../lib/china-time';
import type { Executor } from './notifications';

/** A delivery or return number: prefix (FH, TH) + the China date + a 6-digit sequence. */
export async function nextDocumentNo(tx: Executor, prefix: string): Promise<string> {
  const [r] = (await tx.execute(sql`select nextval('document_no_seq') as n`)).rows as Record<string, unknown>[];
  const day = chinaDay(new Date()).replaceAll('-', '');
  return `${prefix}${day}${String(r!.n).padStart(6, '0')}`;
}
