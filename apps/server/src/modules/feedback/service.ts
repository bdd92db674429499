import { and, count, desc, eq } from 'drizzle-orm';
import { FeedbackText, type FeedbackItem, type FeedbackList, type FeedbackListRequest } from '@shop/core/api/feedback';
import { FEEDBACK_TEXT_TOO_LONG } from '@shop/core/api/feedback';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { BusinessError } from '../../lib/errors';
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

const mine = (auth: AuthContext) => and(eq(feedback.companyId, auth.companyId), eq(feedback.accountId, auth.accountId));

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
  const list: FeedbackItem[] = rows.map((r) => ({
    id: r.id,
    text: r.text,
    file_type: r.fileType === 'image' || r.fileType === 'video' ? r.fileType : '',
    file_name: r.fileName,
    file_size: r.fileSize,
    file_url: r.filePath ? fileUrl(r.id) : '',
    reply: r.reply,
    reply_time: r.repliedAt ? r.repliedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  }));
  return { list, total: totals[0]?.n ?? 0 };
}

/** The stored file of one of the caller's feedbacks (its key in the file storage). */
export async function findFeedbackFile(
  db: Db,
  auth: AuthContext,
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
    .where(and(eq(feedback.id, id), mine(auth)))
    .limit(1);
  if (!row?.filePath) throw new BusinessError(FEEDBACK_NOT_FOUND_TEXT);
  return { key: row.filePath, mime: row.fileMime, name: row.fileName, size: row.fileSize };
}
