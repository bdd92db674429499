import { sql } from 'drizzle-orm';
import { companyLedger } from '../../db/schema/company-ledger';
import type { Executor } from '../../lib/events';

/** One money entry of a company's ledger (db/schema/company-ledger.ts says what each field means). */
export interface LedgerEntry {
  companyId: number;
  kind: (typeof companyLedger.$inferInsert)['kind'];
  /** Yuan as a decimal string (core/money.ts); > 0 the company owes more, < 0 it owes less. Never 0. */
  amount: string;
  occurredAt: Date;
  /** Unique per kind: the same (kind, sourceKey) again is a no-op. */
  sourceKey: string;
  description: string;
}

/**
 * Posts entries to the company ledger inside the caller's transaction (so an entry exists exactly
 * when the change that caused it committed). An entry whose (kind, source_key) is already there is
 * skipped. Returns how many were written.
 */
export async function postLedgerEntries(db: Executor, entries: readonly LedgerEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(companyLedger)
    .values(entries.map((e) => ({ ...e })))
    .onConflictDoNothing({ target: [companyLedger.kind, companyLedger.sourceKey] })
    .returning({ id: companyLedger.id });
  return rows.length;
}

/** A company's open balance: the sum of its ledger (what it owes; negative when it is in credit). */
export async function ledgerBalance(db: Executor, companyId: number): Promise<string> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${companyLedger.amount}), 0)::numeric(14,2)::text` })
    .from(companyLedger)
    .where(sql`${companyLedger.companyId} = ${companyId}`);
  return row?.balance ?? '0.00';
}
