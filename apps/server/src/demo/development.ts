import { asc, eq } from 'drizzle-orm';
import { accounts } from '../db/schema/accounts';
import { developmentLikes, developmentReplies, developmentRequests } from '../db/schema/development';
import { feedback, feedbackReplies } from '../db/schema/feedback';
import { staffMembers } from '../db/schema/staff';
import type { Executor } from './bulk-insert';

/**
 * Development requests ('I want to develop') and feedback of the demo accounts: requests with
 * likes from other accounts, some answered by customer service (one reply not yet read), and a
 * feedback with a reply. Deterministic; the times lie before the reference date.
 */
const HOUR = 3600 * 1000;

const REQUESTS = [
  { part: '后视镜总成（带盲区监测）', vehicle: '奔驰 C260L 2022', oe: 'A2068100116', qty: 20, status: 'developing' },
  { part: '水泵（电子）', vehicle: '宝马 530Li G38 2019', oe: '11518635089', qty: 35, status: 'pending' },
  { part: '前保险杠下格栅', vehicle: '奥迪 A4L B9 2020', oe: '8W0807647', qty: 12, status: 'launched' },
  { part: '空调鼓风机电阻', vehicle: '沃尔沃 XC60 2018', oe: '31497289', qty: 8, status: 'rejected' },
  { part: '机油冷却器垫片', vehicle: '路虎 揽胜极光 2.0T', oe: 'LR073656', qty: 50, status: 'pending' },
] as const;

const ANSWERS: Record<string, string> = {
  developing: '已立项开发，预计两个月后上架，届时会通知您。',
  launched: '该配件已上架，可直接搜索 OE 号下单。',
  rejected: '该配件需求量较小，暂不开发，感谢您的建议。',
};

export async function insertDemoDevelopment(db: Executor, referenceDate: Date): Promise<void> {
  const accountRows = await db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .orderBy(asc(accounts.id));
  const [service] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.login, 'service'));
  if (accountRows.length === 0 || !service) return;
  const now = referenceDate.getTime();

  for (const [i, r] of REQUESTS.entries()) {
    const asker = accountRows[i % accountRows.length]!;
    const createdAt = new Date(now - (REQUESTS.length - i) * 30 * HOUR);
    const answered = r.status !== 'pending';
    const repliedAt = answered ? new Date(createdAt.getTime() + 20 * HOUR) : null;
    // The first answered request's reply is still unread; the others were read.
    const readAt = answered && i > 0 ? new Date(createdAt.getTime() + 22 * HOUR) : null;
    const likers = accountRows.filter((a) => a.id !== asker.id).slice(0, (REQUESTS.length - i) % accountRows.length);
    const [row] = await db
      .insert(developmentRequests)
      .values({
        companyId: asker.companyId,
        accountId: asker.id,
        partName: r.part,
        vehicle: r.vehicle,
        oeNumber: r.oe,
        monthlyQuantity: r.qty,
        status: r.status,
        likeCount: likers.length,
        repliedAt,
        readAt,
        createdAt,
      })
      .returning({ id: developmentRequests.id });
    if (likers.length > 0) {
      await db
        .insert(developmentLikes)
        .values(likers.map((a) => ({ requestId: row!.id, accountId: a.id, companyId: a.companyId, createdAt })));
    }
    if (repliedAt) {
      await db.insert(developmentReplies).values({
        requestId: row!.id,
        staffId: service.id,
        content: ANSWERS[r.status] ?? '',
        status: r.status,
        createdAt: repliedAt,
      });
    }
  }

  const sender = accountRows[0]!;
  const sentAt = new Date(now - 48 * HOUR);
  const repliedAt = new Date(now - 40 * HOUR);
  const [f] = await db
    .insert(feedback)
    .values({
      companyId: sender.companyId,
      accountId: sender.id,
      text: '希望搜索结果可以按品牌筛选。',
      reply: '感谢建议，品牌筛选已列入下个版本。',
      repliedAt,
      createdAt: sentAt,
    })
    .returning({ id: feedback.id });
  await db.insert(feedbackReplies).values({
    feedbackId: f!.id,
    staffId: service.id,
    content: '感谢建议，品牌筛选已列入下个版本。',
    createdAt: repliedAt,
  });
}
