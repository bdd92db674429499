import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  STUDY_TEXTS,
  type AdminStudyArticle,
  type AdminStudyCategory,
  type AdminStudyPage,
  type StudyCategory,
  type StudyDetail,
  type StudyItem,
  type StudyPage,
} from '@shop/core/api/learning';
import type { z } from 'zod';
import type { StudyArticleInput, StudyCategoryInput } from '@shop/core/api/learning';
import type { Db } from '../../db/client';
import { studyArticles, studyCategories, studyProgress } from '../../db/schema/learning';
import { chinaDateTime } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import type { DealerRequestContext, StaffRequestContext } from '../../platform/request-context';
import { writeRowAudit, type AuditActor } from '../staff/audit';

/**
 * The learning centre: dealers read published articles and videos with their own progress (one
 * row per account and article); staff publish them (content.manage), each change audited in its
 * transaction (docs/learning.md).
 */

type Article = typeof studyArticles.$inferSelect;
const minute = (at: Date | null) => (at ? chinaDateTime(at).slice(0, 16) : '');

// ---- dealers ----

/** The categories with their count of published items (empty categories left out). */
export async function categoryList(db: Db): Promise<StudyCategory[]> {
  const rows = await db
    .select({ id: studyCategories.id, name: studyCategories.name, count: count(studyArticles.id) })
    .from(studyCategories)
    .innerJoin(studyArticles, and(eq(studyArticles.categoryId, studyCategories.id), eq(studyArticles.published, true)))
    .groupBy(studyCategories.id)
    .orderBy(asc(studyCategories.sort), asc(studyCategories.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

const itemColumns = {
  id: studyArticles.id,
  category_id: studyArticles.categoryId,
  category_name: studyCategories.name,
  kind: studyArticles.kind,
  title: studyArticles.title,
  summary: studyArticles.summary,
  cover: studyArticles.cover,
  publishedAt: studyArticles.publishedAt,
  progress: sql<number>`coalesce(${studyProgress.progress}, 0)`,
};

/** A page of published items, newest first, with the caller's progress. */
export async function studyIndex(
  ctx: DealerRequestContext,
  q: { category_id?: number; page: number; limit: number },
): Promise<StudyPage> {
  const where = and(
    eq(studyArticles.published, true),
    q.category_id ? eq(studyArticles.categoryId, q.category_id) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(studyArticles).where(where);
  const rows = await ctx.db
    .select(itemColumns)
    .from(studyArticles)
    .innerJoin(studyCategories, eq(studyCategories.id, studyArticles.categoryId))
    .leftJoin(
      studyProgress,
      and(eq(studyProgress.articleId, studyArticles.id), eq(studyProgress.accountId, ctx.caller.accountId)),
    )
    .where(where)
    .orderBy(desc(studyArticles.publishedAt), desc(studyArticles.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { total: Number(total?.n ?? 0), page: q.page, limit: q.limit, list: rows.map(toItem) };
}

function toItem(
  r: { publishedAt: Date | null; progress: number } & Omit<StudyItem, 'published_at' | 'progress'>,
): StudyItem {
  const { publishedAt, ...rest } = r;
  return { ...rest, published_at: minute(publishedAt), progress: Number(r.progress) };
}

/** One published item with its text or video and the caller's progress. */
export async function studyDetail(ctx: DealerRequestContext, id: number): Promise<StudyDetail> {
  const [row] = await ctx.db
    .select({ ...itemColumns, body: studyArticles.body, video_url: studyArticles.videoUrl })
    .from(studyArticles)
    .innerJoin(studyCategories, eq(studyCategories.id, studyArticles.categoryId))
    .leftJoin(
      studyProgress,
      and(eq(studyProgress.articleId, studyArticles.id), eq(studyProgress.accountId, ctx.caller.accountId)),
    )
    .where(and(eq(studyArticles.id, id), eq(studyArticles.published, true)));
  if (!row) refuse(STUDY_TEXTS.articleNotFound);
  const { body, video_url, ...item } = row;
  return { ...toItem(item), body, video_url };
}

/**
 * Records how far the account got; progress only grows (a reader scrolling back, or an older
 * report arriving late, keeps the furthest point), finished_at is set once at 100.
 */
export async function saveProgress(
  ctx: DealerRequestContext,
  id: number,
  progress: number,
): Promise<{ id: number; progress: number }> {
  const [article] = await ctx.db
    .select({ id: studyArticles.id })
    .from(studyArticles)
    .where(and(eq(studyArticles.id, id), eq(studyArticles.published, true)));
  if (!article) refuse(STUDY_TEXTS.articleNotFound);
  const { accountId, companyId } = ctx.caller;
  const [row] = await ctx.db
    .insert(studyProgress)
    .values({ accountId, companyId, articleId: id, progress, finishedAt: progress === 100 ? new Date() : null })
    .onConflictDoUpdate({
      target: [studyProgress.accountId, studyProgress.articleId],
      set: {
        progress: sql`greatest(${studyProgress.progress}, excluded.progress)`,
        finishedAt: sql`coalesce(${studyProgress.finishedAt}, excluded.finished_at)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ progress: studyProgress.progress });
  return { id, progress: Number(row!.progress) };
}

// ---- staff ----

type CategoryInput = z.output<typeof StudyCategoryInput>;
type ArticleInput = z.output<typeof StudyArticleInput>;

export async function adminCategories(db: Db): Promise<AdminStudyCategory[]> {
  const rows = await db
    .select({
      id: studyCategories.id,
      name: studyCategories.name,
      sort: studyCategories.sort,
      count: count(studyArticles.id),
    })
    .from(studyCategories)
    .leftJoin(studyArticles, eq(studyArticles.categoryId, studyCategories.id))
    .groupBy(studyCategories.id)
    .orderBy(asc(studyCategories.sort), asc(studyCategories.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export function createCategory(ctx: StaffRequestContext, actor: AuditActor, input: CategoryInput) {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.insert(studyCategories).values(input).returning();
    await writeRowAudit(tx, actor, 'study_category', 'create', row!.id, null, row);
    return { ...row!, count: 0 };
  });
}

export function updateCategory(ctx: StaffRequestContext, actor: AuditActor, id: number, input: CategoryInput) {
  return ctx.transaction(async (tx) => {
    const [before] = await tx.select().from(studyCategories).where(eq(studyCategories.id, id)).for('update');
    if (!before) refuse(STUDY_TEXTS.categoryNotFound);
    const [row] = await tx.update(studyCategories).set(input).where(eq(studyCategories.id, id)).returning();
    await writeRowAudit(tx, actor, 'study_category', 'update', id, before, row);
    const [n] = await tx.select({ n: count() }).from(studyArticles).where(eq(studyArticles.categoryId, id));
    return { ...row!, count: Number(n?.n ?? 0) };
  });
}

export function deleteCategory(ctx: StaffRequestContext, actor: AuditActor, id: number) {
  return ctx.transaction(async (tx) => {
    const [before] = await tx.select().from(studyCategories).where(eq(studyCategories.id, id)).for('update');
    if (!before) refuse(STUDY_TEXTS.categoryNotFound);
    const [n] = await tx.select({ n: count() }).from(studyArticles).where(eq(studyArticles.categoryId, id));
    if (Number(n?.n ?? 0) > 0) refuse(STUDY_TEXTS.categoryInUse);
    await tx.delete(studyCategories).where(eq(studyCategories.id, id));
    await writeRowAudit(tx, actor, 'study_category', 'delete', id, before, null);
  });
}

async function adminRows(db: Db | Executor, where: SQL | undefined, limit: number, offset: number) {
  return (db as Db)
    .select({
      article: studyArticles,
      category_name: studyCategories.name,
      readers: sql<number>`(select count(*) from study_progress p where p.article_id = ${studyArticles.id})`,
    })
    .from(studyArticles)
    .innerJoin(studyCategories, eq(studyCategories.id, studyArticles.categoryId))
    .where(where)
    .orderBy(desc(studyArticles.updatedAt), desc(studyArticles.id))
    .limit(limit)
    .offset(offset);
}

function toAdmin(r: { article: Article; category_name: string; readers: number }): AdminStudyArticle {
  const a = r.article;
  return {
    id: a.id,
    category_id: a.categoryId,
    category_name: r.category_name,
    kind: a.kind,
    title: a.title,
    summary: a.summary,
    cover: a.cover,
    body: a.body,
    video_url: a.videoUrl,
    published: a.published,
    published_at: minute(a.publishedAt),
    updated_at: minute(a.updatedAt),
    readers: Number(r.readers),
  };
}

export async function adminArticles(
  db: Db,
  q: { category_id?: number; page: number; limit: number },
): Promise<AdminStudyPage> {
  const where = q.category_id ? eq(studyArticles.categoryId, q.category_id) : undefined;
  const [total] = await db.select({ n: count() }).from(studyArticles).where(where);
  const rows = await adminRows(db, where, q.limit, (q.page - 1) * q.limit);
  return { total: Number(total?.n ?? 0), page: q.page, limit: q.limit, list: rows.map(toAdmin) };
}

async function oneAdmin(tx: Executor, id: number): Promise<AdminStudyArticle> {
  const [row] = await adminRows(tx, eq(studyArticles.id, id), 1, 0);
  return toAdmin(row!);
}

async function checkCategory(tx: Executor, id: number) {
  const [c] = await (tx as Db)
    .select({ id: studyCategories.id })
    .from(studyCategories)
    .where(eq(studyCategories.id, id));
  if (!c) refuse(STUDY_TEXTS.categoryNotFound);
}

function articleValues(input: ArticleInput, wasPublished: boolean, publishedAt: Date | null) {
  return {
    categoryId: input.category_id,
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    cover: input.cover,
    body: input.body,
    videoUrl: input.video_url,
    published: input.published,
    // Published at the first publication; unpublishing keeps the date for a later republication.
    publishedAt: input.published && !wasPublished ? (publishedAt ?? new Date()) : publishedAt,
  };
}

export function createArticle(ctx: StaffRequestContext, actor: AuditActor, input: ArticleInput) {
  return ctx.transaction(async (tx) => {
    await checkCategory(tx, input.category_id);
    const [row] = await tx
      .insert(studyArticles)
      .values(articleValues(input, false, null))
      .returning();
    const after = await oneAdmin(tx, row!.id);
    await writeRowAudit(tx, actor, 'study_article', 'create', row!.id, null, after);
    return after;
  });
}

export function updateArticle(ctx: StaffRequestContext, actor: AuditActor, id: number, input: ArticleInput) {
  return ctx.transaction(async (tx) => {
    const [locked] = await tx.select().from(studyArticles).where(eq(studyArticles.id, id)).for('update');
    if (!locked) refuse(STUDY_TEXTS.articleNotFound);
    await checkCategory(tx, input.category_id);
    const before = await oneAdmin(tx, id);
    await tx
      .update(studyArticles)
      .set({ ...articleValues(input, locked.published, locked.publishedAt), updatedAt: new Date() })
      .where(eq(studyArticles.id, id));
    const after = await oneAdmin(tx, id);
    await writeRowAudit(tx, actor, 'study_article', 'update', id, before, after);
    return after;
  });
}

/** Publishes or takes an item down (unpublish keeps it and the readers' progress). */
export function setPublished(ctx: StaffRequestContext, actor: AuditActor, id: number, published: boolean) {
  return ctx.transaction(async (tx) => {
    const [locked] = await tx.select().from(studyArticles).where(eq(studyArticles.id, id)).for('update');
    if (!locked) refuse(STUDY_TEXTS.articleNotFound);
    await tx
      .update(studyArticles)
      .set({
        published,
        publishedAt: published && !locked.publishedAt ? new Date() : locked.publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(studyArticles.id, id));
    const after = await oneAdmin(tx, id);
    await writeRowAudit(
      tx,
      actor,
      'study_article',
      published ? 'publish' : 'unpublish',
      id,
      { published: locked.published },
      { published },
    );
    return after;
  });
}
