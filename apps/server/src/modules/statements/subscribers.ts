import { sql } from 'drizzle-orm';
import { MESSAGE_CATEGORY } from '@shop/core/api/messages';
import { monthLabel } from '@shop/core/api/statements';
import type { Delivered, Subscriber, SubscriberEnv } from '../../lib/events';
import { runTransaction } from '../../platform/request-context';
import { theAccount, theAccountAndMain, writeMessages, type MessageContent } from '../messages/delivery';
import { postCompletedOrder, postCompletedReturn } from './posting';

/**
 * The statements module's subscribers (each idempotent): the ledger postings of completed orders
 * and returns, and the dealers' messages of special approvals, built statements and replies.
 */
interface OrderRef {
  companyId: number;
  accountId: number;
  orderId: number;
  ordersNo: string;
}

export const ledgerSubscriber: Subscriber = {
  name: 'company-ledger',
  types: ['order.completed', 'return.completed'],
  async handle(event: Delivered, env) {
    const e = event as Delivered & OrderRef & { returnId?: number };
    await runTransaction(env.db, async (tx) => {
      if (e.type === 'order.completed') await postCompletedOrder(tx, e.companyId, e.orderId);
      else await postCompletedReturn(tx, e.companyId, e.returnId!);
    });
  },
};

async function writeAndPush(
  env: SubscriberEnv,
  event: Delivered,
  recipients: Parameters<typeof writeMessages>[2],
  m: MessageContent,
) {
  const written = await writeMessages(env.db, event, recipients, m);
  if (written.length > 0) await env.realtime.pushMessages(written);
}

const billMessage = (name: string, word: string, link: string, number = ''): MessageContent => ({
  categoryId: MESSAGE_CATEGORY.bill,
  tipName: name,
  tipDescription: word,
  tipWord: word,
  link,
  number,
  orderId: null,
  isEject: 0,
  popType: 1,
});

export const statementMessagesSubscriber: Subscriber = {
  name: 'statement-messages',
  types: ['order.approved', 'statements.built', 'statement.dispute_replied'],
  async handle(event: Delivered, env) {
    if (event.type === 'order.approved') {
      const e = event as Delivered & OrderRef & { note: string };
      const word = `订单 ${e.ordersNo} 超出信用额度的特批申请已通过，订单将安排发货${e.note ? `（${e.note}）` : ''}。`;
      await writeAndPush(env, event, theAccountAndMain(e.companyId, e.accountId), {
        categoryId: MESSAGE_CATEGORY.order,
        tipName: '特批申请已通过',
        tipDescription: word,
        tipWord: word,
        link: `/profile/myorder/detail?id=${e.orderId}`,
        number: e.ordersNo,
        orderId: e.orderId,
        isEject: 1,
        popType: 1,
      });
    } else if (event.type === 'statements.built') {
      const { month } = event as Delivered & { month: string };
      const label = monthLabel(month);
      // Every main account of a company with a statement of the month: one statement for all of them.
      const recipients = sql`select a.company_id, a.id as account_id from accounts a
        join statements s on s.company_id = a.company_id and s.month = ${month}
        where a.is_main = 1 and a.deleted_at is null`;
      await writeAndPush(
        env,
        event,
        recipients,
        billMessage(
          `${label}对账单`,
          `${label}对账单已生成，请核对后确认；如有异议请在对账单页提出。`,
          `/profile/bill?month=${month}`,
        ),
      );
    } else if (event.type === 'statement.dispute_replied') {
      const e = event as Delivered & { companyId: number; accountId: number; month: string; reply: string };
      const label = monthLabel(e.month);
      await writeAndPush(
        env,
        event,
        theAccount(e.companyId, e.accountId),
        billMessage(`${label}对账单异议已回复`, `财务回复：${e.reply}`, `/profile/bill?month=${e.month}`),
      );
    }
  },
};
