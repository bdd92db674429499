import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { QUESTION_ALREADY_ANSWERED_TEXT } from '@shop/core/api/admin';
import type { AddQuestionRequest, QuestionList } from '@shop/core/api/parts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { productQuestions } from '../../db/schema/customer-activity';
import { refuse } from '../../lib/errors';
import type { DealerCaller } from '../../platform/request-context';
import { chinaDateTime } from '../../lib/china-time';
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

/**
 * The staff's answer to a question (once: an answered question is refused): the reply, the
 * audit entry and the `question.answered` event commit together.
 */
export async function answerQuestion(
  ctx: Pick<RequestContext, 'transaction'>,
  actor: AuditActor,
  questionId: number,
  answer: string,
): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const [q] = (
      await tx.execute(sql`select q.id, q.company_id, q.account_id, q.product_id, q.ask_questions, q.reply_content,
          p.frey_no, p.l_name_zh
        from product_questions q join products p on p.id = q.product_id where q.id = ${questionId} for update of q`)
    ).rows as Record<string, unknown>[];
    if (!q) refuse(QUESTION_NOT_FOUND_TEXT);
    if (q.reply_content !== null) refuse(QUESTION_ALREADY_ANSWERED_TEXT);
    await tx
      .update(productQuestions)
      .set({ replyContent: answer, replyTime: new Date(), readAt: null })
      .where(eq(productQuestions.id, questionId));
    await writeAudit(tx, actor, {
      action: 'questions.answer',
      entityType: 'product_question',
      entityId: String(questionId),
      before: { reply_content: null },
      after: { reply_content: answer },
    });
    const event: QuestionAnswered = {
      type: 'question.answered',
      companyId: Number(q.company_id),
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
