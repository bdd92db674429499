import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { QUESTION_ALREADY_ANSWERED_TEXT } from '@shop/core/api/admin';
import type { AdminQuestion, AdminQuestionList, AdminQuestionListQuery } from '@shop/core/api/service';
import type { AddQuestionRequest, QuestionList } from '@shop/core/api/parts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { productQuestions } from '../../db/schema/customer-activity';
import { HttpError, refuse } from '../../lib/errors';
import { pagedList } from '../../lib/paged-list';
import type { Executor } from '../../lib/events';
import { containsPattern } from '../../lib/like-pattern';
import { claimUploads } from '../../uploads/unclaimed';
import type { DealerCaller } from '../../platform/request-context';
import { chinaDateTime, chinaDateTimeOf } from '../../lib/china-time';
import type { RequestContext } from '../../platform/request-context';
import { writeAudit, type AuditActor } from '../staff/audit';

export const QUESTION_ADDED_TEXT = '提交成功，我们会尽快回复';
export const MARKED_READ_TEXT = '已全部标记为已读';
export const QUESTION_NOT_FOUND_TEXT = '问题不存在';
/** Questions listed per part (newest first). */
export const QUESTION_LIST_LIMIT = 100;

async function requireProduct(db: Db, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) refuse('商品不存在');
}

/** The company's own questions on a part, with the replies. */
export async function listQuestions(db: Db, auth: DealerCaller, productId: number): Promise<QuestionList> {
  await requireProduct(db, productId);
  const rows = await db
    .select()
    .from(productQuestions)
    .where(and(eq(productQuestions.productId, productId), eq(productQuestions.companyId, auth.companyId)))
    .orderBy(desc(productQuestions.createdAt), desc(productQuestions.id))
    .limit(QUESTION_LIST_LIMIT);
  const list = rows.map((q) => {
    const unread: 0 | 1 = q.replyContent !== null && q.readAt === null ? 1 : 0;
    return {
      id: q.id,
      ask_questions: q.askQuestions,
      created_at: chinaDateTime(q.createdAt),
      reply_contente: q.replyContent ?? '',
      reply_time: q.replyTime ? chinaDateTime(q.replyTime) : '',
      reply_pic: q.replyPics,
      unread,
    };
  });
  return { list, has_unread: list.some((q) => q.unread === 1) ? 1 : 0 };
}

export const QUESTION_MAX_LENGTH = 500;

export async function addQuestion(
  db: Db,
  auth: DealerCaller,
  request: Omit<z.infer<typeof AddQuestionRequest>, 'ask_questions'> & { ask_questions: string },
): Promise<void> {
  const text = request.ask_questions.trim();
  if (text.length === 0) refuse('请输入提交内容');
  if (text.length > QUESTION_MAX_LENGTH) refuse(`提交内容不能超过 ${QUESTION_MAX_LENGTH} 字`);
  await requireProduct(db, request.product_id);
  await db.insert(productQuestions).values({
    productId: request.product_id,
    companyId: auth.companyId,
    accountId: auth.accountId,
    type: request.type,
    askQuestions: text,
  });
}

/** Marks the replies of the given questions as read; only the caller company's questions count. */
export async function markQuestionsRead(db: Db, auth: DealerCaller, ids: number[]): Promise<void> {
  const mine = and(inArray(productQuestions.id, ids), eq(productQuestions.companyId, auth.companyId));
  const found = await db.select({ id: productQuestions.id }).from(productQuestions).where(mine);
  if (found.length === 0) refuse(QUESTION_NOT_FOUND_TEXT);
  await db
    .update(productQuestions)
    .set({ readAt: new Date() })
    .where(and(mine, isNotNull(productQuestions.replyContent), isNull(productQuestions.readAt)));
}

/** The event of an answered question (the message centre writes the asker's message from it). */
export interface QuestionAnswered {
  type: 'question.answered';
  companyId: number;
  accountId: number;
  questionId: number;
  productId: number;
  freyNo: string;
  partName: string;
  question: string;
  answer: string;
}

/** Where the answer's pictures are: their keys in the file storage, and the dealer's url of each. */
export interface AnswerPictures {
  ids: readonly number[];
  /** The dealer's address of a stored file (the upload storage's url). */
  urlOf(key: string): string;
}

export const ANSWER_PICTURE_GONE_TEXT = '图片不存在或已过期，请重新上传';

/**
 * The staff's answer to a question (once: an answered question is refused), with the pictures
 * uploaded for it (claimed here): the reply, the audit entry and the `question.answered` event
 * commit together. Answering counts as read by staff.
 */
export async function answerQuestion(
  ctx: Pick<RequestContext, 'transaction'>,
  actor: AuditActor,
  questionId: number,
  answer: string,
  pictures: AnswerPictures = { ids: [], urlOf: (key) => key },
): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const [q] = (
      await tx.execute(sql`select q.id, q.company_id, q.account_id, q.product_id, q.ask_questions, q.reply_content,
          p.frey_no, p.l_name_zh
        from product_questions q join products p on p.id = q.product_id where q.id = ${questionId} for update of q`)
    ).rows as Record<string, unknown>[];
    if (!q) refuse(QUESTION_NOT_FOUND_TEXT);
    if (q.reply_content !== null) refuse(QUESTION_ALREADY_ANSWERED_TEXT);
    const companyId = Number(q.company_id);
    const urls = await claimAnswerPictures(tx, companyId, pictures);
    const now = new Date();
    await tx
      .update(productQuestions)
      .set({ replyContent: answer, replyTime: now, replyPics: urls, readAt: null, staffReadAt: now })
      .where(eq(productQuestions.id, questionId));
    await writeAudit(tx, actor, {
      action: 'questions.answer',
      entityType: 'product_question',
      entityId: String(questionId),
      before: { reply_content: null },
      after: { reply_content: answer, reply_pics: urls },
    });
    const event: QuestionAnswered = {
      type: 'question.answered',
      companyId,
      accountId: Number(q.account_id),
      questionId,
      productId: Number(q.product_id),
      freyNo: String(q.frey_no),
      partName: String(q.l_name_zh),
      question: String(q.ask_questions),
      answer,
    };
    emit(event);
  });
}

/** Claims the pictures uploaded for the question's company (in the order sent); answers their urls. */
async function claimAnswerPictures(tx: Executor, companyId: number, pictures: AnswerPictures): Promise<string[]> {
  const ids = [...new Set(pictures.ids)];
  if (ids.length === 0) return [];
  const rows = (
    await tx.execute(sql`select id, key from uploads
      where company_id = ${companyId} and kind = 'picture' and id = any(${sql.param(ids)}::int[])`)
  ).rows as { id: number; key: string }[];
  if (rows.length !== ids.length) refuse(ANSWER_PICTURE_GONE_TEXT);
  await claimUploads(tx, companyId, ids);
  const keyOf = new Map(rows.map((r) => [Number(r.id), String(r.key)]));
  return ids.map((id) => pictures.urlOf(keyOf.get(id)!));
}

// ---- staff: list, detail, pictures ----

/** The question whose answer pictures are uploaded (owned by the asker's company and account). */
export async function questionForAnswer(db: Db, questionId: number): Promise<{ companyId: number; accountId: number }> {
  const [q] = await db
    .select({
      companyId: productQuestions.companyId,
      accountId: productQuestions.accountId,
      replyContent: productQuestions.replyContent,
    })
    .from(productQuestions)
    .where(eq(productQuestions.id, questionId))
    .limit(1);
  if (!q) refuse(QUESTION_NOT_FOUND_TEXT);
  if (q.replyContent !== null) refuse(QUESTION_ALREADY_ANSWERED_TEXT);
  return { companyId: q.companyId, accountId: q.accountId };
}

const ADMIN_COLUMNS = sql`q.id, q.product_id, p.frey_no, p.l_name_zh, q.company_id, c.name as company_name,
  a.username as account_name, q.type, q.ask_questions, q.created_at, q.reply_content, q.reply_time, q.reply_pics,
  q.read_at, q.staff_read_at
  from product_questions q join products p on p.id = q.product_id join companies c on c.id = q.company_id
  join accounts a on a.id = q.account_id`;

/** A stored answer picture's address for staff; a public one (/media/...) stays as it is. */
export function adminAnswerPictureUrl(questionId: number, n: number, url: string, storedPrefix: string): string {
  return url.startsWith(storedPrefix) ? `/api/admin/questions/${questionId}/picture/${n}` : url;
}

function adminQuestionOf(r: Record<string, unknown>, storedPrefix: string): AdminQuestion {
  const id = Number(r.id);
  const time = (v: unknown) => (v ? chinaDateTimeOf(v) : '');
  const pics = (r.reply_pics as string[] | null) ?? [];
  return {
    id,
    product_id: Number(r.product_id),
    frey_no: String(r.frey_no),
    part_name: String(r.l_name_zh),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    account_name: String(r.account_name),
    type: Number(r.type),
    ask_questions: String(r.ask_questions),
    created_at: time(r.created_at),
    reply_content: r.reply_content === null ? '' : String(r.reply_content),
    reply_time: time(r.reply_time),
    reply_pics: pics.map((url, n) => adminAnswerPictureUrl(id, n, url, storedPrefix)),
    staff_unread: r.staff_read_at ? 0 : 1,
    dealer_read: r.read_at ? 1 : 0,
  };
}

/** GET /api/admin/questions: every company's questions, unanswered first, then newest first. */
export async function adminListQuestions(
  db: Db,
  q: AdminQuestionListQuery,
  storedPrefix: string,
): Promise<AdminQuestionList> {
  const where: SQL[] = [sql`true`];
  if (q.company_id) where.push(sql`q.company_id = ${q.company_id}`);
  if (q.product_id) where.push(sql`q.product_id = ${q.product_id}`);
  if (q.answered === 1) where.push(sql`q.reply_content is not null`);
  if (q.answered === 0) where.push(sql`q.reply_content is null`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(sql`(q.ask_questions ilike ${like} or p.frey_no ilike ${like} or p.l_name_zh ilike ${like})`);
  }
  const condition = sql.join(where, sql` and `);
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from product_questions q join products p on p.id = q.product_id
      where ${condition}`,
    sql`select ${ADMIN_COLUMNS} where ${condition}
      order by (q.reply_content is null) desc, q.created_at desc, q.id desc`,
    (r) => adminQuestionOf(r, storedPrefix),
  );
}

/** GET /api/admin/questions/:id: one question, any company's. */
export async function adminQuestionDetail(db: Db, id: number, storedPrefix: string): Promise<AdminQuestion> {
  const [row] = (await db.execute(sql`select ${ADMIN_COLUMNS} where q.id = ${id}`)).rows as Record<string, unknown>[];
  if (!row) refuse(QUESTION_NOT_FOUND_TEXT);
  return adminQuestionOf(row, storedPrefix);
}

/** The n-th stored answer picture of a question: its storage key and type (404 when there is none). */
export async function answerPicture(
  db: Db,
  id: number,
  n: number,
  storedPrefix: string,
): Promise<{ key: string; mime: string }> {
  const [row] = (
    await db.execute(sql`select u.key, u.media_type from product_questions q
      join uploads u on u.company_id = q.company_id
        and u.key = substr(q.reply_pics[${n + 1}], ${storedPrefix.length + 1})
      where q.id = ${id} and starts_with(q.reply_pics[${n + 1}], ${storedPrefix})`)
  ).rows as { key: string; media_type: string }[];
  if (!row) throw new HttpError(404, '图片不存在');
  return { key: String(row.key), mime: String(row.media_type) };
}
