import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentInput } from '@shop/core/api/statements';
import { money } from '@shop/core/money';
import { chinaDayStart } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { postLedgerEntries } from './ledger';

type Row = Record<string, unknown>;

/**
 * A payment received, in the caller's transaction: its row and its ledger entry ('payment', a
 * credit dated on the day paid, China time). A request key already used answers that payment
 * (`created` false) and writes nothing. Finance's form (recordPayment) and the demo's history.
 */
export async function insertPayment(
  tx: Executor,
  staffId: number,
  input: z.output<typeof PaymentInput>,
): Promise<{ id: number; created: boolean }> {
  const amount = money(input.amount);
  const inserted = await tx.execute(sql`insert into company_payments
      (company_id, amount, paid_on, method, reference, note, staff_id, request_key)
    values (${input.company_id}, ${amount}, ${input.paid_on}::date, ${input.method}, ${input.reference}, ${input.note},
      ${staffId}, ${input.request_key})
    on conflict (request_key) do nothing returning id`);
  const row = inserted.rows[0] as Row | undefined;
  if (!row) {
    const [first] = (
      await tx.execute(sql`select id from company_payments where request_key = ${input.request_key}
        and company_id = ${input.company_id}`)
    ).rows as Row[];
    if (!first) refuse('参数错误：请求编号已用于其他回款');
    return { id: Number(first.id), created: false };
  }
  const id = Number(row.id);
  const ref = input.reference ? `，参考号 ${input.reference}` : '';
  await postLedgerEntries(tx, [
    {
      companyId: input.company_id,
      kind: 'payment',
      amount: `-${amount}`,
      occurredAt: chinaDayStart(input.paid_on),
      sourceKey: `payment:${id}`,
      description: `回款（${input.method}${ref}）`,
    },
  ]);
  return { id, created: true };
}
