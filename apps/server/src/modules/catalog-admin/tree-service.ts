import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_IN_USE_TEXT,
  VEHICLE_IN_USE_TEXT,
  type AdminCategory,
  type AdminMake,
  type CategoryInput,
  type CategoryUpdate,
  type MakeInput,
  type ModelInput,
  type SeriesInput,
  type VehicleLevel,
} from '@shop/core/api/admin-catalog';
import type { Db } from '../../db/client';
import { categories, makes, productFitments, products, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AuditActor } from '../staff/audit';
import { catalogChange as audited } from './catalog-change';
import { refreshFitmentTexts } from './fitment-text';

/**
 * The category tree and the vehicle tree (makes, series, models) of the back office. Every change
 * is written in one transaction with its audit entry (the row before and after); a category or a
 * vehicle something still uses cannot be deleted (CATEGORY_IN_USE_TEXT, VEHICLE_IN_USE_TEXT).
 * The dealer's category and vehicle lists are cached (catalog/ttl-cache.ts): dropped after the commit.
 */
type Row = Record<string, unknown>;

// ---- categories ----

export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      id: categories.id,
      parent_id: categories.parentId,
      level: categories.level,
      l_name_zh: categories.lNameZh,
      sort: categories.sort,
      // Named in full: a column of the only table of a select is written without its table.
      parts: sql<number>`(select count(*) from ${products} p where p.category_id = "categories"."id")`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  return rows;
}

async function categoryRow(tx: Executor, id: number, lock = false) {
  const q = tx.select().from(categories).where(eq(categories.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

const CATEGORY_NOT_FOUND = '分类不存在';

export function createCategory(ctx: StaffRequestContext, db: Db, actor: AuditActor, input: CategoryInput) {
  return audited(ctx, db, actor, 'category', 'create', async (tx) => {
    let level = 1;
    if (input.parent_id !== null) {
      const parent = await categoryRow(tx, input.parent_id);
      if (!parent) refuse('上级分类不存在');
      if (parent.level >= 3) refuse('分类最多三级，不能在第三级下再建分类');
      level = parent.level + 1;
    }
    const [row] = await tx
      .insert(categories)
      .values({ parentId: input.parent_id, level, lNameZh: input.l_name_zh, sort: input.sort })
      .returning();
    return { id: row!.id, before: null, after: row!, result: { id: row!.id } };
  });
}

export function updateCategory(ctx: StaffRequestContext, db: Db, actor: AuditActor, id: number, input: CategoryUpdate) {
  return audited(ctx, db, actor, 'category', 'update', async (tx) => {
    const before = (await categoryRow(tx, id, true)) ?? refuse(CATEGORY_NOT_FOUND);
    const [after] = await tx
      .update(categories)
      .set({ lNameZh: input.l_name_zh, sort: input.sort })
      .where(eq(categories.id, id))
      .returning();
    return { id, before, after: after!, result: null };
  });
}

export function deleteCategory(ctx: StaffRequestContext, db: Db, actor: AuditActor, id: number) {
  return audited(ctx, db, actor, 'category', 'delete', async (tx) => {
    const before = (await categoryRow(tx, id, true)) ?? refuse(CATEGORY_NOT_FOUND);
    const [use] = (
      await tx.execute(sql`select exists (select 1 from ${products} where category_id = ${id})
        or exists (select 1 from ${categories} where parent_id = ${id}) as used`)
    ).rows as { used: boolean }[];
    if (use?.used) refuse(CATEGORY_IN_USE_TEXT);
    await tx.delete(categories).where(eq(categories.id, id));
    return { id, before, after: null, result: null };
  });
}

// ---- vehicles ----

export async function vehicleTree(db: Db): Promise<AdminMake[]> {
  const [makeRows, seriesRows, modelRows] = await Promise.all([
    db.select().from(makes).orderBy(asc(makes.sort), asc(makes.id)),
    db.select().from(vehicleSeries).orderBy(asc(vehicleSeries.sort), asc(vehicleSeries.id)),
    db.select().from(vehicleModels).orderBy(asc(vehicleModels.id)),
  ]);
  return makeRows.map((m) => ({
    id: m.id,
    name_zh: m.nameZh,
    name_en: m.nameEn,
    sort: m.sort,
    series: seriesRows
      .filter((s) => s.makeId === m.id)
      .map((s) => ({
        id: s.id,
        make_id: s.makeId,
        name_zh: s.nameZh,
        sort: s.sort,
        models: modelRows
          .filter((x) => x.seriesId === s.id)
          .map((x) => ({
            id: x.id,
            series_id: x.seriesId,
            name_zh: x.nameZh,
            chassis_code: x.chassisCode,
            engine_code: x.engineCode,
            transmission: x.transmission,
            displacement: x.displacement,
            year_from: x.yearFrom,
            year_to: x.yearTo,
            vehicle_type: x.vehicleType,
          })),
      })),
  }));
}

export type VehicleInput = MakeInput | SeriesInput | ModelInput;

/** Per level: its table, the columns of an input, its parent check and what uses a row. */
const LEVELS = {
  makes: {
    table: makes,
    entity: 'make',
    notFound: '品牌不存在',
    columns: (i: MakeInput) => ({ nameZh: i.name_zh, nameEn: i.name_en, sort: i.sort }),
    parent: async () => undefined,
    used: (id: number) =>
      sql`exists (select 1 from ${vehicleSeries} where make_id = ${id}) or exists (select 1 from ${products} where make_id = ${id})`,
    fittedParts: (id: number) =>
      sql`select f.product_id from ${productFitments} f join ${vehicleModels} m on m.id = f.model_id
        join ${vehicleSeries} s on s.id = m.series_id where s.make_id = ${id}`,
  },
  series: {
    table: vehicleSeries,
    entity: 'series',
    notFound: '车系不存在',
    columns: (i: SeriesInput) => ({ makeId: i.make_id, nameZh: i.name_zh, sort: i.sort }),
    parent: async (tx: Executor, i: SeriesInput) => {
      const [make] = await tx.select({ id: makes.id }).from(makes).where(eq(makes.id, i.make_id));
      if (!make) refuse('品牌不存在');
    },
    used: (id: number) => sql`exists (select 1 from ${vehicleModels} where series_id = ${id})`,
    fittedParts: (id: number) =>
      sql`select f.product_id from ${productFitments} f join ${vehicleModels} m on m.id = f.model_id
        where m.series_id = ${id}`,
  },
  models: {
    table: vehicleModels,
    entity: 'model',
    notFound: '车型不存在',
    columns: (i: ModelInput) => ({
      seriesId: i.series_id,
      nameZh: i.name_zh,
      chassisCode: i.chassis_code,
      engineCode: i.engine_code,
      transmission: i.transmission,
      displacement: i.displacement,
      yearFrom: i.year_from,
      yearTo: i.year_to,
      vehicleType: i.vehicle_type,
    }),
    parent: async (tx: Executor, i: ModelInput) => {
      const [series] = await tx
        .select({ id: vehicleSeries.id })
        .from(vehicleSeries)
        .where(eq(vehicleSeries.id, i.series_id));
      if (!series) refuse('车系不存在');
    },
    used: (id: number) => sql`exists (select 1 from ${productFitments} where model_id = ${id})`,
    fittedParts: (id: number) => sql`select product_id from ${productFitments} where model_id = ${id}`,
  },
} as const;

interface LevelOps {
  table: typeof makes | typeof vehicleSeries | typeof vehicleModels;
  entity: string;
  notFound: string;
  columns: (i: VehicleInput) => Record<string, unknown>;
  parent: (tx: Executor, i: VehicleInput) => Promise<void>;
  used: (id: number) => SQL;
  /** The parts fitting the row (their vehicle texts name it). */
  fittedParts: (id: number) => SQL;
}

const levelOf = (level: VehicleLevel) => LEVELS[level] as unknown as LevelOps;

async function vehicleRow(tx: Executor, ops: LevelOps, id: number) {
  const [row] = await tx.select().from(ops.table).where(eq(ops.table.id, id)).for('update');
  return (row as Row | undefined) ?? refuse(ops.notFound);
}

export function createVehicle(
  ctx: StaffRequestContext,
  db: Db,
  actor: AuditActor,
  level: VehicleLevel,
  input: VehicleInput,
) {
  const ops = levelOf(level);
  return audited(ctx, db, actor, ops.entity, 'create', async (tx) => {
    await ops.parent(tx, input);
    const [row] = (await tx
      .insert(ops.table)
      .values(ops.columns(input) as never)
      .returning()) as Row[];
    const id = Number(row!.id);
    return { id, before: null, after: row!, result: { id } };
  });
}

export function updateVehicle(
  ctx: StaffRequestContext,
  db: Db,
  actor: AuditActor,
  level: VehicleLevel,
  id: number,
  input: VehicleInput,
) {
  const ops = levelOf(level);
  return audited(ctx, db, actor, ops.entity, 'update', async (tx) => {
    const before = await vehicleRow(tx, ops, id);
    await ops.parent(tx, input);
    const [after] = (await tx
      .update(ops.table)
      .set(ops.columns(input) as never)
      .where(eq(ops.table.id, id))
      .returning()) as Row[];
    // The parts' vehicle texts (l_model_zh, engines) name makes, series and models: written again.
    await refreshFitmentTexts(tx, ops.fittedParts(id));
    return { id, before, after: after!, result: null };
  });
}

export function deleteVehicle(ctx: StaffRequestContext, db: Db, actor: AuditActor, level: VehicleLevel, id: number) {
  const ops = levelOf(level);
  return audited(ctx, db, actor, ops.entity, 'delete', async (tx) => {
    const before = await vehicleRow(tx, ops, id);
    const [use] = (await tx.execute(sql`select (${ops.used(id)}) as used`)).rows as { used: boolean }[];
    if (use?.used) refuse(VEHICLE_IN_USE_TEXT);
    await tx.delete(ops.table).where(eq(ops.table.id, id));
    return { id, before, after: null, result: null };
  });
}
