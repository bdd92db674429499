import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  FEEDBACK_TEXT_TOO_LONG,
  FeedbackText,
  type AdminFeedbackList,
  type AdminFeedbackListQuery,
  type FeedbackDetail,
  type FeedbackItem,
  type FeedbackList,
  type FeedbackListRequest,
  type FeedbackReply,
} from '@shop/core/api/feedback';
import type { Db } from '../../db/client';
import { feedback, feedbackReplies } from '../../db/schema/feedback';
import { BusinessError, refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { groupBy } from '../../lib/group-by';
import { containsPattern } from '../../lib/like-pattern';
import type { Emit } from '../../platform/request-context';
import { writeAudit, type AuditActor } from '../staff/audit';
import { repliedRowsList } from '../staff/dealer-page';
import { hasUnreadReply, repliedRows } from '../staff/replied-rows';
import type { FeedbackRepliedEvent } from './events';
import type { AuthContext } from '../../plugins/auth';
import type { StoredUpload, UploadService } from '../../uploads/service';

/** Feedback from the side bar. Each account sees only its own. */

export const FEEDBACK_NOT_FOUND_TEXT = '反馈不存在';

/** The feedback form: its text and at most one stored image or video (upload kind 'feedback'). */
export interface FeedbackForm {
  text: unknown;
  /** The text field was longer than the multipart field limit. */
  textTruncated: boolean;
  file?: StoredUpload;
}

/**
 * Saves a feedback; the stored file is removed again (and its room in the upload quota given
 * back) when the text is refused or the insert fails.
 */
export async function submitFeedback(
  db: Db,
  auth: AuthContext,
  form: FeedbackForm,
  uploads: UploadService,
): Promise<{ id: number }> {
  const { file } = form;
  try {
    if (form.textTruncated) throw new BusinessError(FEEDBACK_TEXT_TOO_LONG);
    const parsed = FeedbackText.safeParse(form.text ?? '');
    if (!parsed.success) throw new BusinessError(parsed.error.issues[0]?.message ?? FEEDBACK_TEXT_TOO_LONG);
    const [row] = await db
      .insert(feedback)
      .values({
        companyId: auth.companyId,
        accountId: auth.accountId,
        text: parsed.data,
        filePath: file?.key ?? '',
        fileType: file?.kind ?? '',
        fileMime: file?.mime ?? '',
        fileName: file?.originalName ?? '',
        fileSize: file?.size ?? 0,
      })
      .returning({ id: feedback.id });
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    if (file) await uploads.discard([file]);
    throw err;
  }
}

function fileUrl(id: number): string {
  return `/api/Shop.ShopFeedback/file?id=${id}`;
}

/** Where staff fetch a feedback's attachment (admin route, service.answer). */
function adminFileUrl(id: number): string {
  return `/api/admin/feedback/${id}/file`;
}

const { mine, ...replyRules } = repliedRows(feedback);

type FeedbackRow = typeof feedback.$inferSelect;

function isUnread(r: FeedbackRow): 0 | 1 {
  return hasUnreadReply(r) ? 1 : 0;
}

function itemOf(r: FeedbackRow): FeedbackItem {
  return {
    id: r.id,
    text: r.text,
    file_type: r.fileType === 'image' || r.fileType === 'video' ? r.fileType : '',
    file_name: r.fileName,
    file_size: r.fileSize,
    file_url: r.filePath ? fileUrl(r.id) : '',
    reply: r.reply,
    reply_time: r.repliedAt ? r.repliedAt.toISOString() : null,
    unread: isUnread(r),
    created_at: r.createdAt.toISOString(),
  };
}

async function repliesOf(db: Pick<Db, 'select'>, ids: number[]): Promise<Map<number, FeedbackReply[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ feedbackId: feedbackReplies.feedbackId, content: feedbackReplies.content, at: feedbackReplies.createdAt })
    .from(feedbackReplies)
    .where(inArray(feedbackReplies.feedbackId, ids))
    .orderBy(asc(feedbackReplies.id));
  return groupBy(
    rows,
    (r) => r.feedbackId,
    (r) => ({ content: r.content, created_at: r.at.toISOString() }),
  );
}

/** GET detail: one of the account's feedbacks with every reply; opening it marks the replies read. */
export async function feedbackDetail(db: Db, auth: AuthContext, id: number): Promise<FeedbackDetail> {
  const row = await replyRules.openOwn(db, auth, id);
  if (!row) refuse(FEEDBACK_NOT_FOUND_TEXT);
  const replies = (await repliesOf(db, [row.id])).get(row.id) ?? [];
  return { ...itemOf(row), unread: 0, replies };
}

/** POST markAllAsRead: every reply to the account's feedback counts as seen. */
export function markAllFeedbackRead(db: Db, auth: AuthContext): Promise<void> {
  return replyRules.markAllRead(db, auth);
}

/** Whether a reply to the account's feedback is unread (Shop.Message/unreadStatus). */
export function feedbackHasUnread(db: Db, auth: AuthContext): Promise<boolean> {
  return replyRules.hasUnread(db, auth);
}

// ---- staff ----

/** GET /api/admin/feedback: every company's feedback, newest first, with the replies. */
export async function adminListFeedback(db: Db, q: AdminFeedbackListQuery): Promise<AdminFeedbackList> {
  const where: SQL[] = [];
  if (q.id) where.push(eq(feedback.id, q.id));
  if (q.company_id) where.push(eq(feedback.companyId, q.company_id));
  if (q.replied === 1) where.push(isNotNull(feedback.repliedAt));
  if (q.replied === 0) where.push(isNull(feedback.repliedAt));
  if (q.keyword) where.push(ilike(feedback.text, containsPattern(q.keyword)));
  return repliedRowsList(db, feedback, where, q, repliesOf, (f) => {
    const { unread: _unread, ...item } = itemOf(f);
    return { ...item, file_url: f.filePath ? adminFileUrl(f.id) : '' };
  });
}

/**
 * POST /api/admin/feedback/:id/reply: adds a reply (a feedback may get several), audited, and
 * publishes feedback.replied for the dealer's message in the same transaction.
 */
export async function replyToFeedback(
  tx: Executor,
  emit: Emit,
  actor: AuditActor,
  id: number,
  content: string,
): Promise<void> {
  const [row] = await tx
    .select({ id: feedback.id, companyId: feedback.companyId, accountId: feedback.accountId, reply: feedback.reply })
    .from(feedback)
    .where(eq(feedback.id, id))
    .for('update')
    .limit(1);
  if (!row) refuse(FEEDBACK_NOT_FOUND_TEXT);
  const now = new Date();
  await tx.insert(feedbackReplies).values({ feedbackId: id, staffId: actor.staffId, content, createdAt: now });
  await tx.update(feedback).set({ reply: content, repliedAt: now, staffReadAt: now }).where(eq(feedback.id, id));
  await writeAudit(tx, actor, {
    action: 'feedback.reply',
    entityType: 'feedback',
    entityId: String(id),
    before: { reply: row.reply },
    after: { reply: content },
  });
  const event: FeedbackRepliedEvent = {
    type: 'feedback.replied',
    companyId: row.companyId,
    accountId: row.accountId,
    feedbackId: id,
    reply: content,
  };
  emit(event);
}

export async function listFeedback(db: Db, auth: AuthContext, query: FeedbackListRequest): Promise<FeedbackList> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(mine(auth))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(feedback).where(mine(auth)),
  ]);
  const list = rows.map(itemOf);
  return { list, total: totals[0]?.n ?? 0 };
}

/** The stored file of one of the caller's feedbacks (its key in the file storage). */
/**
 * A feedback's stored attachment: the dealer's own only (`auth`), or any company's for staff
 * (`'staff'`, behind the admin route's permission). None: '反馈不存在'.
 */
export async function findFeedbackFile(
  db: Db,
  auth: AuthContext | 'staff',
  id: number,
): Promise<{ key: string; mime: string; name: string; size: number }> {
  const [row] = await db
    .select({
      filePath: feedback.filePath,
      fileMime: feedback.fileMime,
      fileName: feedback.fileName,
      fileSize: feedback.fileSize,
    })
    .from(feedback)
    .where(auth === 'staff' ? eq(feedback.id, id) : and(eq(feedback.id, id), mine(auth)))
    .limit(1);
  if (!row?.filePath) throw new BusinessError(FEEDBACK_NOT_FOUND_TEXT);
  return { key: row.filePath, mime: row.fileMime, name: row.fileName, size: row.fileSize };
}
