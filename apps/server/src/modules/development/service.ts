import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DEVELOPMENT_PICTURES_MAX,
  DEVELOPMENT_STATUS,
  DEVELOPMENT_TEXTS,
  developmentStatusText,
  parseDevelopmentForm,
  type DevelopmentStatus,
} from '@shop/core/development-rules';
import {
  type AdminDevelopmentList,
  type AdminDevelopmentListQuery,
  type DevelopmentDetail,
  type DevelopmentItem,
  type DevelopmentList,
  type DevelopmentListRequest,
  type DevelopmentReply,
} from '@shop/core/api/development';
import type { Db } from '../../db/client';
import { developmentLikes, developmentReplies, developmentRequests } from '../../db/schema/development';
import { BusinessError, HttpError, refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { groupBy } from '../../lib/group-by';
import { chinaDateTime } from '../../lib/china-time';
import { containsPattern } from '../../lib/like-pattern';
import type { DealerCaller, Emit } from '../../platform/request-context';
import type { StoredUpload, UploadService } from '../../uploads/service';
import { writeAudit, type AuditActor } from '../staff/audit';
import { repliedRowsList } from '../staff/dealer-page';
import { hasUnreadReply, repliedRows } from '../staff/replied-rows';
import type { DevelopmentRepliedEvent } from './events';

/**
 * 'I want to develop' (docs/decisions/0036). Every dealer of the shop sees everyone's requests
 * (never who asked) and likes each once; the detail with the staff's replies and the unread
 * flag belong to the account that asked. Staff reply and move the status; each publishes
 * development.replied in the transaction of the change.
 */

const { notFound } = DEVELOPMENT_TEXTS;

type RequestRow = typeof developmentRequests.$inferSelect;

export function pictureUrl(id: number, n: number): string {
  return `/api/Shop.CustomerProductDevelopment/picture?id=${id}&n=${n}`;
}

/** Where staff fetch a request's picture (admin route, service.answer). */
function adminPictureUrl(id: number, n: number): string {
  return `/api/admin/development/${id}/picture/${n}`;
}

/** A reply or status change the asking account has not seen: one came after it last looked. */
const { mine, ...replyRules } = repliedRows(developmentRequests);

function itemOf(r: RequestRow, caller: DealerCaller | undefined, liked: boolean) {
  const mine = caller !== undefined && r.accountId === caller.accountId;
  return {
    id: r.id,
    part_name: r.partName,
    vehicle: r.vehicle,
    oe_number: r.oeNumber,
    monthly_quantity: r.monthlyQuantity,
    description: r.description,
    pictures: r.pictures.map((_, n) => pictureUrl(r.id, n)),
    status: r.status,
    status_text: developmentStatusText(r.status),
    like_count: r.likeCount,
    liked: liked ? 1 : 0,
    mine: mine ? 1 : 0,
    unread: mine && hasUnreadReply(r) ? 1 : 0,
    created_at: chinaDateTime(r.createdAt),
  } satisfies DevelopmentItem;
}

/** The multipart form of add: its text fields and its stored pictures. */
export interface DevelopmentForm {
  fields: Record<string, unknown>;
  /** Names of text fields cut at the multipart field limit. */
  truncated: ReadonlySet<string>;
  pictures: StoredUpload[];
}

function parseForm(form: DevelopmentForm) {
  if (form.pictures.length > DEVELOPMENT_PICTURES_MAX) refuse(DEVELOPMENT_TEXTS.tooManyPictures);
  if (form.truncated.has('description')) refuse(DEVELOPMENT_TEXTS.descriptionTooLong);
  const parsed = parseDevelopmentForm(form.fields);
  if (!parsed.ok) refuse(parsed.message);
  return parsed.value;
}

/** POST add. The pictures are already stored; they go again when the request is refused. */
export async function addRequest(
  db: Db,
  caller: DealerCaller,
  form: DevelopmentForm,
  uploads: UploadService,
): Promise<{ id: number }> {
  try {
    const input = parseForm(form);
    const [row] = await db
      .insert(developmentRequests)
      .values({
        companyId: caller.companyId,
        accountId: caller.accountId,
        partName: input.part_name,
        vehicle: input.vehicle,
        oeNumber: input.oe_number,
        monthlyQuantity: input.monthly_quantity,
        description: input.description,
        pictures: form.pictures.map((p) => ({ key: p.key, mime: p.mime, name: p.originalName, size: p.size })),
      })
      .returning({ id: developmentRequests.id });
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    await uploads.discard(form.pictures);
    throw err;
  }
}

/** Which of these requests the account has liked. */
async function likedBy(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: developmentLikes.requestId })
    .from(developmentLikes)
    .where(and(eq(developmentLikes.accountId, accountId), inArray(developmentLikes.requestId, ids)));
  return new Set(rows.map((r) => r.id));
}

async function page(
  db: Db,
  caller: DealerCaller,
  where: SQL | undefined,
  order: SQL[],
  q: { page: number; limit: number },
): Promise<DevelopmentList> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(developmentRequests)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(developmentRequests).where(where),
  ]);
  const liked = await likedBy(
    db,
    caller.accountId,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => itemOf(r, caller, liked.has(r.id))), total: totals[0]?.n ?? 0 };
}

/** GET list: everyone's requests, newest first or most liked first. */
export function listRequests(db: Db, caller: DealerCaller, q: DevelopmentListRequest): Promise<DevelopmentList> {
  const order =
    q.sort === 'hot'
      ? [desc(developmentRequests.likeCount), desc(developmentRequests.id)]
      : [desc(developmentRequests.createdAt), desc(developmentRequests.id)];
  return page(db, caller, undefined, order, q);
}

/** GET myList: the account's own requests, newest first. */
export function myRequests(db: Db, caller: DealerCaller, q: { page: number; limit: number }): Promise<DevelopmentList> {
  return page(db, caller, mine(caller), [desc(developmentRequests.createdAt), desc(developmentRequests.id)], q);
}

async function repliesOf(db: Pick<Db, 'select'>, ids: number[]): Promise<Map<number, DevelopmentReply[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(developmentReplies)
    .where(inArray(developmentReplies.requestId, ids))
    .orderBy(asc(developmentReplies.id));
  return groupBy(
    rows,
    (r) => r.requestId,
    (r) => ({
      content: r.content,
      status: r.status,
      status_text: r.status ? developmentStatusText(r.status) : '',
      created_at: chinaDateTime(r.createdAt),
    }),
  );
}

/** GET detail: one of the account's requests with the replies; opening it marks them read. */
export async function requestDetail(db: Db, caller: DealerCaller, id: number): Promise<DevelopmentDetail> {
  const row = await replyRules.openOwn(db, caller, id);
  if (!row) refuse(notFound);
  const [liked, replies] = await Promise.all([likedBy(db, caller.accountId, [id]), repliesOf(db, [id])]);
  return { ...itemOf(row, caller, liked.has(id)), unread: 0, replies: replies.get(id) ?? [] };
}

/**
 * POST like: once per account. The like row's key decides (a second like, even a parallel one,
 * inserts nothing and is refused) and the count moves in the same transaction, so it stays exact.
 */
export async function likeRequest(db: Db, caller: DealerCaller, id: number): Promise<{ like_count: number }> {
  const [request] = await db
    .select({ id: developmentRequests.id })
    .from(developmentRequests)
    .where(eq(developmentRequests.id, id));
  if (!request) refuse(notFound);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(developmentLikes)
      .values({ requestId: id, accountId: caller.accountId, companyId: caller.companyId })
      .onConflictDoNothing()
      .returning({ id: developmentLikes.requestId });
    if (inserted.length === 0) refuse(DEVELOPMENT_TEXTS.alreadyLiked);
    const [row] = await tx
      .update(developmentRequests)
      .set({ likeCount: sql`${developmentRequests.likeCount} + 1` })
      .where(eq(developmentRequests.id, id))
      .returning({ likeCount: developmentRequests.likeCount });
    return { like_count: row!.likeCount };
  });
}

/** POST markAllAsRead: every reply to the account's requests counts as seen. */
export function markAllRequestsRead(db: Db, caller: DealerCaller): Promise<void> {
  return replyRules.markAllRead(db, caller);
}

/** Whether a reply to one of the account's requests is unread (Shop.Message/unreadStatus). */
export function developmentHasUnread(db: Db, caller: DealerCaller): Promise<boolean> {
  return replyRules.hasUnread(db, caller);
}

/** A picture of any request (the list is everyone's, so are its pictures): its key in the storage. */
export async function findPicture(db: Db, id: number, n: number): Promise<{ key: string; mime: string; name: string }> {
  const [row] = await db
    .select({ pictures: developmentRequests.pictures })
    .from(developmentRequests)
    .where(eq(developmentRequests.id, id))
    .limit(1);
  const picture = row?.pictures[n];
  if (!picture) throw new HttpError(404, '图片不存在');
  return picture;
}

// ---- staff ----

/** GET /api/admin/development: every company's requests, newest first, with who asked and the replies. */
export async function adminListRequests(db: Db, q: AdminDevelopmentListQuery): Promise<AdminDevelopmentList> {
  const where: SQL[] = [];
  if (q.id) where.push(eq(developmentRequests.id, q.id));
  if (q.status) where.push(eq(developmentRequests.status, q.status));
  if (q.company_id) where.push(eq(developmentRequests.companyId, q.company_id));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(or(ilike(developmentRequests.partName, like), ilike(developmentRequests.oeNumber, like))!);
  }
  return repliedRowsList(db, developmentRequests, where, q, repliesOf, (r) => {
    const { liked: _liked, mine: _mine, unread: _unread, ...item } = itemOf(r, undefined, false);
    return { ...item, pictures: r.pictures.map((_, n) => adminPictureUrl(r.id, n)) };
  });
}

export interface StaffAnswer {
  /** The reply, or the note with a status change ('' for none). */
  content: string;
  /** The new status, for a status change. */
  status?: DevelopmentStatus;
}

/**
 * POST /api/admin/development/:id/reply and /status: a reply, or a status change with a note,
 * recorded in the request's replies, audited, and published as development.replied.
 */
export async function answerRequest(
  tx: Executor,
  emit: Emit,
  actor: AuditActor,
  id: number,
  answer: StaffAnswer,
): Promise<void> {
  const [row] = await tx
    .select({
      companyId: developmentRequests.companyId,
      accountId: developmentRequests.accountId,
      partName: developmentRequests.partName,
      status: developmentRequests.status,
    })
    .from(developmentRequests)
    .where(eq(developmentRequests.id, id))
    .for('update')
    .limit(1);
  if (!row) refuse(notFound);
  if (answer.status !== undefined && answer.status === row.status) {
    throw new BusinessError(`状态已是${DEVELOPMENT_STATUS[answer.status]}`);
  }
  const now = new Date();
  await tx.insert(developmentReplies).values({
    requestId: id,
    staffId: actor.staffId,
    content: answer.content,
    status: answer.status ?? '',
    createdAt: now,
  });
  await tx
    .update(developmentRequests)
    .set({ repliedAt: now, staffReadAt: now, ...(answer.status ? { status: answer.status } : {}) })
    .where(eq(developmentRequests.id, id));
  await writeAudit(tx, actor, {
    action: answer.status ? 'development.status' : 'development.reply',
    entityType: 'development_request',
    entityId: String(id),
    before: answer.status ? { status: row.status } : null,
    after: answer.status ? { status: answer.status, note: answer.content } : { reply: answer.content },
  });
  const statusText = answer.status ? `状态更新为：${DEVELOPMENT_STATUS[answer.status]}` : '';
  const event: DevelopmentRepliedEvent = {
    type: 'development.replied',
    companyId: row.companyId,
    accountId: row.accountId,
    requestId: id,
    partName: row.partName,
    reply: [statusText, answer.content].filter((s) => s !== '').join('；'),
  };
  emit(event);
}
