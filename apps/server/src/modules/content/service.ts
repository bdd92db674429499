import { asc, count, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_TEXTS,
  type AdminBanner,
  type AdminHotKeyword,
  type BannerFields,
  type BannerState,
  type ContentPart,
  type ContentPartList,
  type HotKeywordFields,
} from '@shop/core/api/admin-content';
import { normalizePartNumber } from '@shop/core/part-number';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { banners, hotKeywords } from '../../db/schema/content';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { chinaDateTime, fromChinaDateTime } from '../../lib/china-time';
import type { StaffRequestContext } from '../../platform/request-context';
import { forgetCached } from '../catalog/ttl-cache';
import { NEW_ARRIVALS_TOTAL_KEY } from '../new-arrival/service';
import { writeAudit, writeRowAudit, type AuditActor } from '../staff/audit';

/**
 * The shop content of the back office (permission content.manage): home banners with a schedule,
 * hot keywords, hot recommendations (products.hot_recommend_rank) and new arrivals
 * (products.new_arrival_at). Every change is audited in its transaction; the dealers' pages read
 * these rows on each call (the new arrivals' total is cached: forgotten on a change).
 */

type Banner = typeof banners.$inferSelect;
type Keyword = typeof hotKeywords.$inferSelect;

// ---- ordered lists: banners, hot keywords, hot recommendations ----

/** A list staff put in order: its table, its order column and which rows belong to it. */
interface OrderedList {
  table: SQL;
  column: SQL;
  member: SQL;
  entityType: string;
}

const BANNER_LIST: OrderedList = { table: sql`banners`, column: sql`sort`, member: sql`true`, entityType: 'banner' };
const KEYWORD_LIST: OrderedList = {
  table: sql`hot_keywords`,
  column: sql`sort`,
  member: sql`true`,
  entityType: 'hot_keyword',
};
const HOT_LIST: OrderedList = {
  table: sql`products`,
  column: sql`hot_recommend_rank`,
  member: sql`hot_recommend_rank is not null`,
  entityType: 'hot_recommend',
};

/** The ids of the list in their order, locked for the change. */
async function orderOf(tx: Executor, list: OrderedList): Promise<number[]> {
  const result = await tx.execute(
    sql`select id from ${list.table} where ${list.member} order by ${list.column}, id for update`,
  );
  return (result.rows as { id: number }[]).map((r) => Number(r.id));
}

/** The position after the last of the list. */
async function nextPosition(tx: Executor, list: OrderedList): Promise<number> {
  const result = await tx.execute(
    sql`select coalesce(max(${list.column}), 0) + 1 as next from ${list.table} where ${list.member}`,
  );
  return Number((result.rows[0] as { next: number }).next);
}

/**
 * Puts the whole list in the order of `ids` (positions 1, 2, ...) in one statement; refused
 * unless `ids` names every row of it once. Audited as the list's order before and after.
 */
async function reorder(ctx: StaffRequestContext, actor: AuditActor, list: OrderedList, ids: number[]): Promise<void> {
  await ctx.transaction(async (tx) => {
    const before = await orderOf(tx, list);
    const same = new Set(ids);
    if (same.size !== ids.length || ids.length !== before.length || !before.every((id) => same.has(id))) {
      refuse(CONTENT_TEXTS.orderBad);
    }
    await tx.execute(sql`update ${list.table} t set ${list.column} = o.position
      from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, position) where t.id = o.id`);
    await writeAudit(tx, actor, {
      action: `${list.entityType}.reorder`,
      entityType: list.entityType,
      entityId: 'order',
      before,
      after: ids,
    });
  });
}

// ---- banners and hot keywords: rows staff add, edit, delete and order ----

type ContentTable = typeof banners | typeof hotKeywords;

/** A list of content rows: its table and order, how a row shows, what an input writes. */
interface EditableList<T extends ContentTable, In, Out> {
  table: T;
  order: OrderedList;
  notFound: string;
  view(row: T['$inferSelect']): Out;
  values(input: In): Omit<T['$inferInsert'], 'sort'>;
  /** Checked in the transaction before a write (id: the row edited). */
  check?(tx: Executor, input: In, id?: number): Promise<void>;
}

/** The list, create, update, delete and reorder of an EditableList, each audited in its transaction. */
function editableList<T extends ContentTable, In, Out>(spec: EditableList<T, In, Out>) {
  // Both tables have the id and sort columns used here; the values written are the spec's own.
  const t = spec.table as unknown as typeof hotKeywords;
  type Row = T['$inferSelect'];
  const entityType = spec.order.entityType;
  const locked = async (tx: Executor, id: number): Promise<Row> => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row) refuse(spec.notFound);
    return row as Row;
  };
  return {
    async list(db: Db): Promise<Out[]> {
      const rows = await db.select().from(t).orderBy(asc(t.sort), asc(t.id));
      return rows.map((r) => spec.view(r as Row));
    },
    create: (ctx: StaffRequestContext, actor: AuditActor, input: In): Promise<Out> =>
      ctx.transaction(async (tx) => {
        await spec.check?.(tx, input);
        const sort = await nextPosition(tx, spec.order);
        const values = { ...spec.values(input), sort } as typeof hotKeywords.$inferInsert;
        const [row] = await tx.insert(t).values(values).returning();
        const after = spec.view(row as Row);
        await writeRowAudit(tx, actor, entityType, 'create', row!.id, null, after);
        return after;
      }),
    update: (ctx: StaffRequestContext, actor: AuditActor, id: number, input: In): Promise<Out> =>
      ctx.transaction(async (tx) => {
        const before = spec.view(await locked(tx, id));
        await spec.check?.(tx, input, id);
        const values = spec.values(input) as Partial<typeof hotKeywords.$inferInsert>;
        const [row] = await tx.update(t).set(values).where(eq(t.id, id)).returning();
        const after = spec.view(row as Row);
        await writeRowAudit(tx, actor, entityType, 'update', id, before, after);
        return after;
      }),
    remove: (ctx: StaffRequestContext, actor: AuditActor, id: number): Promise<void> =>
      ctx.transaction(async (tx) => {
        const before = spec.view(await locked(tx, id));
        await tx.delete(t).where(eq(t.id, id));
        await writeRowAudit(tx, actor, entityType, 'delete', id, before, null);
      }),
    reorder: (ctx: StaffRequestContext, actor: AuditActor, ids: number[]) => reorder(ctx, actor, spec.order, ids),
  };
}

function bannerState(b: Banner, now: Date): BannerState {
  if (!b.enabled) return 'disabled';
  if (b.startsAt && b.startsAt > now) return 'scheduled';
  if (b.endsAt && b.endsAt <= now) return 'ended';
  return 'showing';
}

function bannerOf(b: Banner, now = new Date()): AdminBanner {
  return {
    id: b.id,
    picture: b.picture,
    file_type: b.fileType,
    address: b.address,
    sort: b.sort,
    enabled: b.enabled,
    starts_at: b.startsAt ? chinaDateTime(b.startsAt) : null,
    ends_at: b.endsAt ? chinaDateTime(b.endsAt) : null,
    state: bannerState(b, now),
  };
}

function bannerValues(input: BannerFields) {
  return {
    picture: input.picture,
    fileType: input.file_type,
    address: input.address,
    enabled: input.enabled,
    startsAt: input.starts_at ? fromChinaDateTime(input.starts_at) : null,
    endsAt: input.ends_at ? fromChinaDateTime(input.ends_at) : null,
  };
}

function keywordOf(k: Keyword): AdminHotKeyword {
  return { id: k.id, keyword: k.keyword, sort: k.sort, enabled: k.enabled };
}

export const bannerRows = editableList<typeof banners, BannerFields, AdminBanner>({
  table: banners,
  order: BANNER_LIST,
  notFound: CONTENT_TEXTS.bannerNotFound,
  view: (b) => bannerOf(b),
  values: bannerValues,
});

export const keywordRows = editableList<typeof hotKeywords, HotKeywordFields, AdminHotKeyword>({
  table: hotKeywords,
  order: KEYWORD_LIST,
  notFound: CONTENT_TEXTS.keywordNotFound,
  view: keywordOf,
  values: (input) => ({ keyword: input.keyword, enabled: input.enabled }),
  async check(tx, input, id) {
    // One keyword change at a time: the duplicate check holds.
    await tx.execute(sql`lock table hot_keywords in share row exclusive mode`);
    const [taken] = await tx
      .select({ id: hotKeywords.id })
      .from(hotKeywords)
      .where(eq(hotKeywords.keyword, input.keyword))
      .limit(1);
    if (taken && taken.id !== id) refuse(CONTENT_TEXTS.keywordDuplicate);
  },
});

// ---- hot recommendations and new arrivals (marks on parts) ----

const partColumns = {
  product_id: products.id,
  frey_no: products.freyNo,
  oe_number: products.oeNumber,
  product_name: products.productName,
  rank: products.hotRecommendRank,
  newArrivalAt: products.newArrivalAt,
};

type PartRow = { [K in keyof typeof partColumns]: (typeof partColumns)[K]['_']['data'] | null } & {
  product_id: number;
  frey_no: string;
  oe_number: string;
  product_name: string;
};

function partOf(r: PartRow): ContentPart {
  return {
    product_id: r.product_id,
    frey_no: r.frey_no,
    oe_number: r.oe_number,
    product_name: r.product_name,
    rank: r.rank,
    new_arrival_at: r.newArrivalAt ? chinaDateTime(r.newArrivalAt) : null,
  };
}

/** The part of an own code or OE number as staff type it (own code first), locked. */
async function lockedPartByNumber(tx: Executor, number: string): Promise<PartRow> {
  const norm = normalizePartNumber(number);
  if (!norm) refuse(CONTENT_TEXTS.partNotFound);
  const [row] = await tx
    .select(partColumns)
    .from(products)
    .where(or(eq(products.freyNoNorm, norm), eq(products.oeNumberNorm, norm)))
    .orderBy(sql`${products.freyNoNorm} = ${norm} desc`, asc(products.id))
    .limit(1)
    .for('update');
  if (!row) refuse(CONTENT_TEXTS.partNotFound);
  return row as PartRow;
}

async function lockedPart(tx: Executor, productId: number): Promise<PartRow> {
  const [row] = await tx.select(partColumns).from(products).where(eq(products.id, productId)).for('update');
  if (!row) refuse(CONTENT_TEXTS.partNotFound);
  return row as PartRow;
}

async function pageOfParts(
  db: Db,
  where: SQL,
  order: SQL[],
  page: { page: number; limit: number },
): Promise<ContentPartList> {
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select(partColumns)
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { total: total?.n ?? 0, page: page.page, limit: page.limit, list: (rows as PartRow[]).map(partOf) };
}

const IS_HOT = isNotNull(products.hotRecommendRank);
const IS_NEW = isNotNull(products.newArrivalAt);

export const listAdminHotRecommends = (db: Db, page: { page: number; limit: number }) =>
  pageOfParts(db, IS_HOT, [asc(products.hotRecommendRank), asc(products.id)], page);

export const listAdminNewArrivals = (db: Db, page: { page: number; limit: number }) =>
  pageOfParts(db, IS_NEW, [sql`${products.newArrivalAt} desc nulls last`, asc(products.id)], page);

/** What a mark on parts is: its column, the value it sets, its texts and audit names. */
interface PartMark {
  entityType: 'hot_recommend' | 'new_arrival';
  isMarked: (p: PartRow) => boolean;
  value: (tx: Executor) => Promise<Partial<typeof products.$inferInsert>>;
  cleared: Partial<typeof products.$inferInsert>;
  already: string;
  notMarked: string;
}

const HOT_MARK: PartMark = {
  entityType: 'hot_recommend',
  isMarked: (p) => p.rank !== null,
  value: async (tx) => ({ hotRecommendRank: await nextPosition(tx, HOT_LIST) }),
  cleared: { hotRecommendRank: null },
  already: CONTENT_TEXTS.alreadyHot,
  notMarked: CONTENT_TEXTS.notHot,
};

const NEW_MARK: PartMark = {
  entityType: 'new_arrival',
  isMarked: (p) => p.newArrivalAt !== null,
  value: async () => ({ newArrivalAt: new Date() }),
  cleared: { newArrivalAt: null },
  already: CONTENT_TEXTS.alreadyNew,
  notMarked: CONTENT_TEXTS.notNew,
};

async function setMark(
  ctx: StaffRequestContext,
  actor: AuditActor,
  mark: PartMark,
  find: (tx: Executor) => Promise<PartRow>,
  on: boolean,
): Promise<ContentPart> {
  const result = await ctx.transaction(async (tx) => {
    if (on && mark === HOT_MARK) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hot-recommend-rank'))`);
    const part = await find(tx);
    if (mark.isMarked(part) === on) refuse(on ? mark.already : mark.notMarked);
    const [row] = await tx
      .update(products)
      .set({ ...(on ? await mark.value(tx) : mark.cleared), updatedAt: new Date() })
      .where(eq(products.id, part.product_id))
      .returning(partColumns);
    const before = partOf(part);
    const after = partOf(row as PartRow);
    await writeRowAudit(
      tx,
      actor,
      mark.entityType,
      on ? 'add' : 'remove',
      part.product_id,
      { rank: before.rank, new_arrival_at: before.new_arrival_at },
      { rank: after.rank, new_arrival_at: after.new_arrival_at },
    );
    return after;
  });
  if (mark === NEW_MARK) forgetCached(ctx.db, NEW_ARRIVALS_TOTAL_KEY);
  return result;
}

export const addHotRecommend = (ctx: StaffRequestContext, actor: AuditActor, number: string) =>
  setMark(ctx, actor, HOT_MARK, (tx) => lockedPartByNumber(tx, number), true);
export const removeHotRecommend = (ctx: StaffRequestContext, actor: AuditActor, productId: number) =>
  setMark(ctx, actor, HOT_MARK, (tx) => lockedPart(tx, productId), false);
export const reorderHotRecommends = (ctx: StaffRequestContext, actor: AuditActor, ids: number[]) =>
  reorder(ctx, actor, HOT_LIST, ids);
export const addNewArrival = (ctx: StaffRequestContext, actor: AuditActor, number: string) =>
  setMark(ctx, actor, NEW_MARK, (tx) => lockedPartByNumber(tx, number), true);
export const removeNewArrival = (ctx: StaffRequestContext, actor: AuditActor, productId: number) =>
  setMark(ctx, actor, NEW_MARK, (tx) => lockedPart(tx, productId), false);
