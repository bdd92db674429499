import { sql, type SQL } from 'drizzle-orm';
import {
  SERVICE_KINDS,
  SERVICE_TEXTS,
  type ServiceKind,
  type ServiceQueue,
  type ServiceQueueItem,
  type ServiceQueueQuery,
} from '@shop/core/api/service';
import type { Db } from '../../db/client';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import { writeAudit, type AuditActor } from '../staff/audit';

/**
 * The customer-service queue: questions about parts, feedback and development requests of every
 * company in one list. Dealers write each once, so the dealer's last word is the row's creation;
 * it is waiting while staff have not answered it (a question's reply, a feedback's or request's
 * first reply or status change), and unread by staff until a staff member opens or answers it
 * (`staff_read_at`). Waiting rows come first, the longest waiting at the top; then the answered,
 * newest first.
 */
type Row = Record<string, unknown>;

interface Branch {
  table: SQL;
  /** The row's columns as the queue names them (alias t). */
  select: SQL;
  waiting: SQL;
}

const BRANCHES: Record<ServiceKind, Branch> = {
  question: {
    table: sql`product_questions t join products p on p.id = t.product_id`,
    select: sql`p.l_name_zh as subject, t.ask_questions as text, t.reply_time as replied_at`,
    waiting: sql`t.reply_content is null`,
  },
  feedback: {
    table: sql`feedback t`,
    select: sql`'' as subject, t.text as text, t.replied_at as replied_at`,
    waiting: sql`t.replied_at is null`,
  },
  development: {
    table: sql`development_requests t`,
    select: sql`t.part_name as subject, t.description as text, t.replied_at as replied_at`,
    waiting: sql`t.replied_at is null`,
  },
};

/** The tables' rows of one kind, as queue items, filtered. */
function branchOf(kind: ServiceKind, q: ServiceQueueQuery): SQL {
  const b = BRANCHES[kind];
  const where: SQL[] = [sql`true`];
  if (q.company_id) where.push(sql`t.company_id = ${q.company_id}`);
  if (q.state === 'waiting') where.push(b.waiting);
  if (q.state === 'answered') where.push(sql`not (${b.waiting})`);
  if (q.unread === 1) where.push(sql`t.staff_read_at is null`);
  return sql`select ${kind}::text as kind, t.id, t.company_id, t.account_id, ${b.select}, t.created_at as last_word_at,
      (${b.waiting}) as waiting, t.staff_read_at is null as unread
    from ${b.table} where ${sql.join(where, sql` and `)}`;
}

const time = (v: unknown) => (v ? chinaDateTimeOf(v) : '');
const TEXT_SHOWN = 120;

function itemOf(r: Row): ServiceQueueItem {
  const waiting = r.waiting === true || r.waiting === 't';
  return {
    kind: String(r.kind) as ServiceKind,
    id: Number(r.id),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    account_name: String(r.account_name),
    subject: String(r.subject ?? ''),
    text: String(r.text ?? '').slice(0, TEXT_SHOWN),
    last_word_at: time(r.last_word_at),
    waiting: waiting ? 1 : 0,
    waiting_minutes: waiting ? Math.max(0, Number(r.minutes)) : 0,
    unread: r.unread === true || r.unread === 't' ? 1 : 0,
    replied_at: time(r.replied_at),
  };
}

/** GET /api/admin/service/queue: one page of the queue with the waiting and unread counts per kind. */
export async function serviceQueue(db: Db, q: ServiceQueueQuery): Promise<ServiceQueue> {
  const kinds = q.kind ? [q.kind] : SERVICE_KINDS;
  const items = sql.join(
    kinds.map((k) => branchOf(k, q)),
    sql` union all `,
  );
  const page = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from (${items}) i`,
    sql`select i.*, c.name as company_name, a.username as account_name,
        floor(extract(epoch from now() - i.last_word_at) / 60)::int as minutes
      from (${items}) i join companies c on c.id = i.company_id join accounts a on a.id = i.account_id
      order by i.waiting desc, case when i.waiting then i.last_word_at end asc, i.last_word_at desc, i.kind, i.id desc`,
    itemOf,
  );
  const counts = Object.fromEntries(SERVICE_KINDS.map((k) => [k, { waiting: 0, unread: 0 }])) as ServiceQueue['counts'];
  const all = sql.join(
    SERVICE_KINDS.map(
      (k) => sql`select ${k}::text as kind, count(*) filter (where ${BRANCHES[k].waiting})::int as waiting,
          count(*) filter (where t.staff_read_at is null)::int as unread from ${BRANCHES[k].table}`,
    ),
    sql` union all `,
  );
  for (const r of (await db.execute(all)).rows as Row[]) {
    counts[String(r.kind) as ServiceKind] = { waiting: Number(r.waiting), unread: Number(r.unread) };
  }
  return { ...page, counts };
}

const TABLES: Record<ServiceKind, { name: SQL; entity: string }> = {
  question: { name: sql`product_questions`, entity: 'product_question' },
  feedback: { name: sql`feedback`, entity: 'feedback' },
  development: { name: sql`development_requests`, entity: 'development_request' },
};

/**
 * POST /api/admin/service/:kind/:id/read: a staff member opened it; the first time is audited.
 * Any company's row; none answers 该条咨询不存在.
 */
export async function markServiceRead(db: Db, actor: AuditActor, kind: ServiceKind, id: number): Promise<void> {
  const table = TABLES[kind];
  await db.transaction(async (tx) => {
    const [row] = (await tx.execute(sql`select staff_read_at from ${table.name} where id = ${id} for update`))
      .rows as Row[];
    if (!row) refuse(SERVICE_TEXTS.notFound);
    if (row.staff_read_at) return;
    await tx.execute(sql`update ${table.name} set staff_read_at = now() where id = ${id}`);
    await writeAudit(tx, actor, {
      action: 'service.read',
      entityType: table.entity,
      entityId: String(id),
      before: { staff_read: false },
      after: { staff_read: true },
    });
  });
}
