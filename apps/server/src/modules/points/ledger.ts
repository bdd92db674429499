import { sql } from 'drizzle-orm';
import { POINTS_TEXTS, type CoinCause, type PointsCause } from '@shop/core/points-rules';
import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';

/**
 * The two ledgers (docs/points.md, 'Ledgers'): every change of a company's points or frey coins
 * goes through `changeBalance`, inside the caller's transaction:
 *
 * 1. the company's balance row is created if missing and locked (`for update`): every change of
 *    one company's points or coins runs one after the other;
 * 2. an entry with the same (cause, ref) already written makes the change a no-op (a retried
 *    event, a repeated submit);
 * 3. the balance changes with one guarded UPDATE (`... where points + change >= 0`): a spend
 *    larger than the balance changes nothing and is refused;
 * 4. a points spend consumes the oldest lots first (gains, by expiry); the entry is appended with
 *    the balance after it.
 *
 * Points that have expired are taken out (one 'expired' entry per lot) before any other change
 * of the company's points, and by the hourly job for everyone else.
 */
export type LedgerKind = 'points' | 'coin';

export interface LedgerChange<K extends LedgerKind = LedgerKind> {
  kind: K;
  companyId: number;
  accountId?: number | null;
  change: number;
  cause: K extends 'points' ? PointsCause : CoinCause;
  /** Unique per company and cause: the same ref again is a no-op. */
  ref?: string | null;
  note?: string;
  orderId?: number | null;
  giftOrderId?: number | null;
  /** A points gain: when it expires. */
  expiresAt?: Date | null;
  /** Add to the consumed counter (spending, not expiry or a take-back); a negative change on a refund. */
  consumed?: number;
  /** The refusal when the balance is short (default 积分不足 / 积分币余额不足). */
  shortText?: string;
}

const TABLES = {
  points: {
    ledger: sql.raw('points_ledger'),
    balance: sql.raw('points'),
    consumed: sql.raw('consumed_points'),
    short: POINTS_TEXTS.notEnoughPoints,
  },
  coin: {
    ledger: sql.raw('frey_coin_ledger'),
    balance: sql.raw('frey_coin'),
    consumed: sql.raw('consumed_frey_coin'),
    short: POINTS_TEXTS.notEnoughCoins,
  },
} as const;

export interface Balances {
  points: number;
  freyCoin: number;
}

/** Creates the company's balance row if missing and locks it for the rest of the transaction. */
export async function lockBalances(tx: Executor, companyId: number): Promise<Balances> {
  await tx.execute(sql`insert into points_accounts (company_id) values (${companyId}) on conflict do nothing`);
  const { rows } = await tx.execute(
    sql`select points, frey_coin from points_accounts where company_id = ${companyId} for update`,
  );
  const r = rows[0] as { points: unknown; frey_coin: unknown };
  return { points: Number(r.points), freyCoin: Number(r.frey_coin) };
}

/** Takes out the company's lots expired by `now` (one entry per lot). Call with the balance row locked. */
export async function expireDueLots(tx: Executor, companyId: number, now: Date): Promise<number> {
  const { rows } = await tx.execute(sql`select id, remaining from points_ledger
    where company_id = ${companyId} and remaining > 0 and expires_at <= ${now.toISOString()}::timestamptz
    order by expires_at, id for update`);
  let expired = 0;
  for (const lot of rows as { id: unknown; remaining: unknown }[]) {
    const amount = Number(lot.remaining);
    await tx.execute(sql`update points_ledger set remaining = 0 where id = ${Number(lot.id)}`);
    await writeChange(tx, {
      kind: 'points',
      companyId,
      change: -amount,
      cause: 'expired',
      ref: `lot:${Number(lot.id)}`,
      note: '积分到期',
    });
    expired += amount;
  }
  return expired;
}

/** Spends `amount` of the company's lots, oldest expiry first. Call with the balance row locked. */
async function consumeLots(tx: Executor, companyId: number, amount: number): Promise<void> {
  const { rows } = await tx.execute(sql`select id, remaining from points_ledger
    where company_id = ${companyId} and remaining > 0 order by expires_at nulls last, id for update`);
  const ids: number[] = [];
  const left: number[] = [];
  let due = amount;
  for (const lot of rows as { id: unknown; remaining: unknown }[]) {
    if (due === 0) break;
    const take = Math.min(due, Number(lot.remaining));
    due -= take;
    ids.push(Number(lot.id));
    left.push(Number(lot.remaining) - take);
  }
  if (due > 0) throw new Error(`points lots short by ${due} for company ${companyId}`);
  if (ids.length === 0) return;
  await tx.execute(sql`update points_ledger l set remaining = v.left_over
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(left)}::int[]) as v(id, left_over) where l.id = v.id`);
}

/** Steps 2 to 4 (the row is locked). Returns the entry's balance after, or undefined for a repeat. */
async function writeChange(tx: Executor, c: LedgerChange): Promise<number | undefined> {
  const t = TABLES[c.kind];
  if (c.ref) {
    const seen = await tx.execute(
      sql`select 1 from ${t.ledger} where company_id = ${c.companyId} and cause = ${c.cause} and ref = ${c.ref}`,
    );
    if (seen.rows.length > 0) return undefined;
  }
  const { rows } = await tx.execute(sql`update points_accounts
    set ${t.balance} = ${t.balance} + ${c.change}, ${t.consumed} = greatest(0, ${t.consumed} + ${c.consumed ?? 0}),
      updated_at = now()
    where company_id = ${c.companyId} and ${t.balance} + ${c.change} >= 0
    returning ${t.balance} as balance`);
  if (rows.length === 0) refuse(c.shortText ?? t.short);
  const balance = Number((rows[0] as { balance: unknown }).balance);
  if (c.kind === 'points' && c.change < 0 && c.cause !== 'expired') await consumeLots(tx, c.companyId, -c.change);
  const extra = c.kind === 'points' ? sql`, gift_order_id, expires_at, remaining) values (` : sql`) values (`;
  const extraValues =
    c.kind === 'points'
      ? sql`, ${c.giftOrderId ?? null}, ${c.expiresAt ? c.expiresAt.toISOString() : null}::timestamptz, ${c.change > 0 ? c.change : 0}`
      : sql``;
  await tx.execute(sql`insert into ${t.ledger} (company_id, account_id, change, balance_after, cause, ref, note, order_id${extra}
    ${c.companyId}, ${c.accountId ?? null}, ${c.change}, ${balance}, ${c.cause}, ${c.ref ?? null}, ${c.note ?? ''},
    ${c.orderId ?? null}${extraValues})`);
  return balance;
}

/**
 * Changes a company's points or coins by `change` with its ledger entry (see above). Returns the
 * balance after, or undefined when an entry with the same ref exists (nothing changed). A spend
 * above the balance is refused (the caller's transaction rolls back).
 */
export async function changeBalance(tx: Executor, c: LedgerChange, now = new Date()): Promise<number | undefined> {
  if (!Number.isInteger(c.change) || c.change === 0) throw new Error(`bad ledger change ${c.change}`);
  await lockBalances(tx, c.companyId);
  if (c.kind === 'points') await expireDueLots(tx, c.companyId, now);
  return writeChange(tx, c);
}

/** The expiry job: takes out every expired lot, a company per transaction. Returns the points expired. */
export async function expirePoints(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute(sql`select distinct company_id from points_ledger
    where remaining > 0 and expires_at <= ${now.toISOString()}::timestamptz`);
  let total = 0;
  for (const r of rows as { company_id: unknown }[]) {
    const companyId = Number(r.company_id);
    total += await db.transaction(async (tx) => {
      await lockBalances(tx, companyId);
      return expireDueLots(tx, companyId, now);
    });
  }
  return total;
}

export interface LedgerMismatch {
  companyId: number;
  kind: LedgerKind;
  balance: number;
  ledgerSum: number;
  /** Points only: what the unspent lots hold. */
  lotsSum?: number;
}

/** Every company whose balance differs from its ledger's sum (or, for points, from its unspent lots). */
export async function findLedgerMismatches(db: Pick<Db, 'execute'>): Promise<LedgerMismatch[]> {
  const { rows } = await db.execute(sql`
    select a.company_id, a.points, a.frey_coin,
      coalesce((select sum(change) from points_ledger l where l.company_id = a.company_id), 0)::bigint as points_sum,
      coalesce((select sum(remaining) from points_ledger l where l.company_id = a.company_id), 0)::bigint as lots_sum,
      coalesce((select sum(change) from frey_coin_ledger l where l.company_id = a.company_id), 0)::bigint as coin_sum
    from points_accounts a`);
  const out: LedgerMismatch[] = [];
  for (const r of rows as Record<string, unknown>[]) {
    const companyId = Number(r.company_id);
    const points = Number(r.points);
    if (points !== Number(r.points_sum) || points !== Number(r.lots_sum)) {
      out.push({
        companyId,
        kind: 'points',
        balance: points,
        ledgerSum: Number(r.points_sum),
        lotsSum: Number(r.lots_sum),
      });
    }
    if (Number(r.frey_coin) !== Number(r.coin_sum)) {
      out.push({ companyId, kind: 'coin', balance: Number(r.frey_coin), ledgerSum: Number(r.coin_sum) });
    }
  }
  return out;
}

/** The ledger check job: a mismatch fails the run (job_runs.last_error and the log say which). */
export async function checkLedgers(db: Db): Promise<void> {
  const found = await findLedgerMismatches(db);
  if (found.length > 0) {
    throw new Error(
      `points ledger mismatch: ${found
        .map(
          (m) =>
            `company ${m.companyId} ${m.kind} balance ${m.balance} ledger ${m.ledgerSum}${m.lotsSum === undefined ? '' : ` lots ${m.lotsSum}`}`,
        )
        .join('; ')}`,
    );
  }
}
