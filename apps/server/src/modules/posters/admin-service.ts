import { asc, count, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  POSTER_TEXTS,
  type AdminMarketingItem,
  type AdminMarketingPage,
  type AdminPosterCategory,
  type AdminPosterTemplate,
  type MarketingItemInput,
  type PosterCategoryInput,
  type PosterTemplateInput,
} from '@shop/core/api/posters';
import type { Db } from '../../db/client';
import { marketingItems, posterCategories, posters, posterTemplates } from '../../db/schema/posters';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeRowAudit, type AuditActor } from '../staff/audit';
import { itemView, templateView } from './service';

/** Staff manage poster categories, templates and today's marketing (content.manage); every change audited. */

type CategoryIn = z.output<typeof PosterCategoryInput>;
type TemplateIn = z.output<typeof PosterTemplateInput>;
type ItemIn = z.output<typeof MarketingItemInput>;

/** Refuses with `notFound` unless `table` has the row `id` (a category or template an input names). */
async function mustExist(tx: Executor, table: PgTable & { id: PgColumn }, id: number, notFound: string): Promise<void> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) refuse(notFound);
}

/** Rows staff save under an id (0: a new one) with an updated_at, audited as `entity` with their `view`. */
interface SavedRows<View> {
  table: PgTable & { id: PgColumn };
  entity: string;
  notFound: string;
  view(tx: Executor, id: number): Promise<View | undefined>;
}

/**
 * Saves `values` as the row `id` (locked first; refused as not found when there is none) or, for id
 * 0, as a new row, audited with its view before and after; answers the view after.
 */
async function saveAudited<View>(
  tx: Executor,
  a: AuditActor,
  rows: SavedRows<View>,
  id: number,
  values: Record<string, unknown>,
): Promise<View> {
  const { table } = rows;
  let before: View | undefined;
  let savedId = id;
  if (id) {
    const [locked] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!locked) refuse(rows.notFound);
    before = await rows.view(tx, id);
    await tx
      .update(table)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(table.id, id));
  } else {
    const [row] = await tx.insert(table).values(values).returning({ id: table.id });
    savedId = Number(row!.id);
  }
  const after = await rows.view(tx, savedId);
  await writeRowAudit(tx, a, rows.entity, id ? 'update' : 'create', savedId, before ?? null, after);
  return after!;
}

// ---- categories ----

export async function categories(db: Db | Executor): Promise<AdminPosterCategory[]> {
  const rows = await (db as Db)
    .select({
      id: posterCategories.id,
      name: posterCategories.name,
      sort: posterCategories.sort,
      count: count(posterTemplates.id),
    })
    .from(posterCategories)
    .leftJoin(posterTemplates, eq(posterTemplates.categoryId, posterCategories.id))
    .groupBy(posterCategories.id)
    .orderBy(asc(posterCategories.sort), asc(posterCategories.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export function saveCategory(ctx: StaffRequestContext, a: AuditActor, id: number, input: CategoryIn) {
  return ctx.transaction(async (tx) => {
    let before = null;
    let savedId = id;
    if (id) {
      [before] = await tx.select().from(posterCategories).where(eq(posterCategories.id, id)).for('update');
      if (!before) refuse(POSTER_TEXTS.categoryNotFound);
      await tx.update(posterCategories).set(input).where(eq(posterCategories.id, id));
    } else {
      const [row] = await tx.insert(posterCategories).values(input).returning({ id: posterCategories.id });
      savedId = row!.id;
    }
    const after = (await categories(tx)).find((c) => c.id === savedId)!;
    await writeRowAudit(tx, a, 'poster_category', id ? 'update' : 'create', savedId, before, after);
    return after;
  });
}

export function deleteCategory(ctx: StaffRequestContext, a: AuditActor, id: number) {
  return ctx.transaction(async (tx) => {
    const [before] = await tx.select().from(posterCategories).where(eq(posterCategories.id, id)).for('update');
    if (!before) refuse(POSTER_TEXTS.categoryNotFound);
    const [n] = await tx.select({ n: count() }).from(posterTemplates).where(eq(posterTemplates.categoryId, id));
    if (Number(n?.n ?? 0) > 0) refuse(POSTER_TEXTS.categoryInUse);
    await tx.delete(posterCategories).where(eq(posterCategories.id, id));
    await writeRowAudit(tx, a, 'poster_category', 'delete', id, before, null);
  });
}

// ---- templates ----

export async function templates(db: Db | Executor, id?: number): Promise<AdminPosterTemplate[]> {
  const rows = await (db as Db)
    .select({
      t: posterTemplates,
      category_name: posterCategories.name,
      posters: count(posters.id),
    })
    .from(posterTemplates)
    .innerJoin(posterCategories, eq(posterCategories.id, posterTemplates.categoryId))
    .leftJoin(posters, eq(posters.templateId, posterTemplates.id))
    .where(id ? eq(posterTemplates.id, id) : undefined)
    .groupBy(posterTemplates.id, posterCategories.name)
    .orderBy(asc(posterTemplates.sort), asc(posterTemplates.id));
  return rows.map((r) => ({
    ...templateView(r.t),
    category_name: r.category_name,
    published: r.t.published,
    sort: r.t.sort,
    posters: Number(r.posters),
  }));
}

const TEMPLATE_ROWS: SavedRows<AdminPosterTemplate> = {
  table: posterTemplates,
  entity: 'poster_template',
  notFound: POSTER_TEXTS.templateNotFound,
  view: async (tx, id) => (await templates(tx, id))[0],
};

export function saveTemplate(ctx: StaffRequestContext, a: AuditActor, id: number, input: TemplateIn) {
  return ctx.transaction(async (tx) => {
    await mustExist(tx, posterCategories, input.category_id, POSTER_TEXTS.categoryNotFound);
    const values = {
      categoryId: input.category_id,
      name: input.name,
      headline: input.headline,
      subline: input.subline,
      colorFrom: input.color_from,
      colorTo: input.color_to,
      accent: input.accent,
      maxParts: input.max_parts,
      published: input.published,
      sort: input.sort,
    };
    return saveAudited(tx, a, TEMPLATE_ROWS, id, values);
  });
}

// ---- today's marketing ----

async function items(
  db: Db | Executor,
  q: { limit: number; offset: number; id?: number },
): Promise<AdminMarketingItem[]> {
  const rows = await (db as Db)
    .select({ i: marketingItems, template_name: posterTemplates.name })
    .from(marketingItems)
    .leftJoin(posterTemplates, eq(posterTemplates.id, marketingItems.templateId))
    .where(q.id ? eq(marketingItems.id, q.id) : undefined)
    .orderBy(desc(marketingItems.startsOn), desc(marketingItems.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => ({ ...itemView(r.i), published: r.i.published, template_name: r.template_name ?? '' }));
}

export async function marketingList(db: Db, q: { page: number; limit: number }): Promise<AdminMarketingPage> {
  const [total] = await db.select({ n: count() }).from(marketingItems);
  const list = await items(db, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return { total: Number(total?.n ?? 0), page: q.page, limit: q.limit, list };
}

const ITEM_ROWS: SavedRows<AdminMarketingItem> = {
  table: marketingItems,
  entity: 'marketing_item',
  notFound: POSTER_TEXTS.itemNotFound,
  view: async (tx, id) => (await items(tx, { id, limit: 1, offset: 0 }))[0],
};

export function saveMarketingItem(ctx: StaffRequestContext, a: AuditActor, id: number, input: ItemIn) {
  return ctx.transaction(async (tx) => {
    if (input.template_id) await mustExist(tx, posterTemplates, input.template_id, POSTER_TEXTS.templateNotFound);
    const values = {
      title: input.title,
      summary: input.summary,
      picture: input.picture,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      templateId: input.template_id || null,
      published: input.published,
    };
    return saveAudited(tx, a, ITEM_ROWS, id, values);
  });
}
