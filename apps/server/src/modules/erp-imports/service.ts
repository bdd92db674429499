import { sql, type SQL } from 'drizzle-orm';
import {
  IMPORT_FIELD_NAMES,
  IMPORT_TEXTS,
  type ImportBatch,
  type ImportBatchList,
  type ImportKind,
  type ImportRow,
  type ImportRowList,
  type ImportRowsQuery,
} from '@shop/core/api/admin-prices';
import type { AdminPaging } from '@shop/core/api/admin';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { BusinessError, refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { runTransaction, type Emit } from '../../platform/request-context';
import { clearCatalogCache } from '../catalog/ttl-cache';
import { priceAdjusted } from '../prices-stock/events';
import { writeAudit, type AuditActor } from '../staff/audit';
import { claimWork, PROGRESS_COLUMNS, progressOfRow, trackWork, type WorkTracker } from './progress';
import { readImportFile } from './read-file';
import { parseImportRows, type ParsedRow } from './rows';

/**
 * Imports from the ERP (issue 26): a file becomes a batch whose every row is previewed (to
 * create, to update with the changed fields, unchanged, error with the reason), then applied in
 * one transaction, and may later be rolled back as a whole: a field is restored when it still
 * holds what the batch wrote, otherwise it is left and named per row (`conflicts`).
 *
 * Everything runs set-based over import_rows: the rows go in by unnest arrays in chunks, each
 * step is one UPDATE ... FROM (or INSERT ... SELECT) over a chunk of row numbers. The work runs
 * in the background of the request that starts it; its progress is kept in import_progress
 * (progress.ts: any process answers it) and the page polls the batch.
 */
type Row = Record<string, unknown>;

/** Rows written or changed by one statement. */
export const CHUNK_ROWS = 50_000;

// ---- reading batches ----

const BATCH_COLUMNS = sql`b.id, b.kind, b.status, b.file_name, s.name as staff_name, b.total_rows, b.counts, b.error,
  b.report, b.created_at, b.applied_at, b.rolled_back_at, b.rows_purged_at, ${PROGRESS_COLUMNS}
  from import_batches b join staff_members s on s.id = b.staff_id left join import_progress pr on pr.batch_id = b.id`;

/** The batch's rows by state, as its `counts` keeps them ({ update: 2, error: 1 }). */
const rowCounts = (id: number) => sql`(select coalesce(jsonb_object_agg(x.state, x.n), '{}'::jsonb)
  from (select state, count(*)::int as n from import_rows where batch_id = ${id} group by state) x)`;

const time = (v: unknown) => (v === null || v === undefined ? null : chinaDateTimeOf(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function batchOf(r: Row): ImportBatch {
  const id = Number(r.id);
  const counts = json<Record<string, number>>(r.counts) ?? {};
  const report = json<{ restored: number; conflicts: number; deleted?: number } | null>(r.report);
  const p = progressOfRow(r);
  const busy = p ? ({ apply: 'applying', rollback: 'rolling_back', preview: 'previewing' } as const)[p.phase] : null;
  return {
    id,
    kind: r.kind as ImportKind,
    status: busy ?? (r.status as ImportBatch['status']),
    file_name: String(r.file_name),
    staff_name: String(r.staff_name),
    total_rows: Number(r.total_rows),
    counts: {
      create: counts.create ?? 0,
      update: counts.update ?? 0,
      unchanged: counts.unchanged ?? 0,
      error: counts.error ?? 0,
    },
    error: String(r.error),
    report: report ? { restored: report.restored, conflicts: report.conflicts, deleted: report.deleted ?? 0 } : null,
    progress: p ? { ...p } : null,
    created_at: time(r.created_at)!,
    applied_at: time(r.applied_at),
    rolled_back_at: time(r.rolled_back_at),
    rows_purged_at: time(r.rows_purged_at),
  };
}

/** A batch of this kind (another kind's, or none: not found). */
export async function getBatch(db: Pick<Db, 'execute'>, kind: ImportKind, id: number): Promise<ImportBatch> {
  const [row] = (await db.execute(sql`select ${BATCH_COLUMNS} where b.id = ${id} and b.kind = ${kind}`)).rows as Row[];
  if (!row) refuse(IMPORT_TEXTS.notFound);
  return batchOf(row);
}

/** GET /imports/:kind: the batches of a kind, newest first. */
export async function listBatches(
  db: Pick<Db, 'execute'>,
  kind: ImportKind,
  q: z.infer<typeof AdminPaging>,
): Promise<ImportBatchList> {
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from import_batches where kind = ${kind}`,
    sql`select ${BATCH_COLUMNS} where b.kind = ${kind} order by b.id desc`,
    batchOf,
  );
}

/** GET /imports/:kind/:id/rows: the previewed rows, by state ('conflict': those a rollback left). */
export async function listRows(
  db: Pick<Db, 'execute'>,
  variant: BrandVariant,
  kind: ImportKind,
  id: number,
  q: ImportRowsQuery,
): Promise<ImportRowList> {
  await getBatch(db, kind, id);
  const where =
    q.state === 'conflict'
      ? sql`batch_id = ${id} and conflicts is not null`
      : q.state
        ? sql`batch_id = ${id} and state = ${q.state}`
        : sql`batch_id = ${id}`;
  const page = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from import_rows where ${where}`,
    sql`select row_no, state, number, product_id, warehouse_id, data, changes, error, conflicts
      from import_rows where ${where} order by row_no`,
    (r): ImportRow => {
      const changes = json<Record<string, { old?: string | null; new: string }>>(r.changes);
      const data = json<Record<string, string>>(r.data);
      delete data.oe_number_norm;
      return {
        row_no: Number(r.row_no),
        state: r.state as ImportRow['state'],
        number: String(r.number),
        product_id: r.product_id === null ? null : Number(r.product_id),
        warehouse_id: Number(r.warehouse_id),
        data,
        changes: Object.fromEntries(
          Object.entries(changes).map(([k, v]) => [k, { old: v.old ?? null, new: String(v.new) }]),
        ),
        error: String(r.error),
        conflicts: r.conflicts === null ? null : json(r.conflicts),
      };
    },
  );
  const fieldNames = { ...IMPORT_FIELD_NAMES, ...Object.fromEntries(variant.priceLabels.map((l) => [l.key, l.label])) };
  return { ...page, field_names: fieldNames };
}

// ---- background work ----

const running = new Map<number, Promise<void>>();

/** Runs the batch's work after the request has answered; a failure is logged. */
function inBackground(id: number, log: (err: unknown) => void, work: () => Promise<void>): void {
  const done = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch(log)
    .finally(() => running.delete(id));
  running.set(id, done);
}

/** Settles when the batch's background work in this process (if any) has ended (tests, shutdown). */
export async function whenSettled(id: number): Promise<void> {
  await running.get(id);
}

export interface ImportEnv {
  db: Db;
  variant: BrandVariant;
  log: (err: unknown) => void;
}

/** An uploaded import file: its name (shown), its bytes and their type (by content). */
export interface ImportFile {
  name: string;
  bytes: Buffer;
  type: 'xlsx' | 'csv';
}

/**
 * POST /imports/:kind: records the batch and previews it in the background (read, check, store
 * and compare every row). Answers the batch (status previewing).
 */
export async function startImport(
  env: ImportEnv,
  actor: AuditActor,
  kind: ImportKind,
  file: ImportFile,
): Promise<ImportBatch> {
  const id = await env.db.transaction(async (tx) => {
    const [created] = (
      await tx.execute(sql`insert into import_batches (kind, status, file_name, staff_id)
        values (${kind}, 'previewing', ${file.name}, ${actor.staffId}) returning id`)
    ).rows as Row[];
    await claimWork(tx, Number(created!.id), 'preview', 0);
    await writeAudit(tx, actor, {
      action: 'imports.upload',
      entityType: 'import_batch',
      entityId: String(created!.id),
      before: null,
      after: { kind, file_name: file.name, bytes: file.bytes.length },
    });
    return Number(created!.id);
  });
  const tracker = trackWork(env.db, id, 0, env.log);
  inBackground(id, env.log, async () => {
    try {
      await previewBatch(env, kind, id, file, tracker);
    } catch (err) {
      const message = err instanceof BusinessError ? err.message : '文件处理失败，请检查文件后重试';
      if (!(err instanceof BusinessError)) env.log(err);
      await env.db.execute(sql`update import_batches set status = 'failed', error = ${message} where id = ${id}`);
    } finally {
      await tracker.end();
    }
  });
  return getBatch(env.db, kind, id);
}

/** Reads the file and previews its rows. */
async function previewBatch(
  env: Pick<ImportEnv, 'db' | 'variant'>,
  kind: ImportKind,
  id: number,
  file: ImportFile,
  tracker: WorkTracker,
): Promise<void> {
  const parsed = parseImportRows(kind, env.variant, await readImportFile(file.type, file.bytes));
  tracker.setTotal(parsed.length * 2);
  for (let i = 0; i < parsed.length; i += CHUNK_ROWS) {
    await insertRows(env.db, id, parsed.slice(i, i + CHUNK_ROWS));
    tracker.step(i + CHUNK_ROWS);
  }
  // The comparing statements join the batch's rows: without fresh statistics the planner takes a
  // new batch for a few rows and can pick a plan that is quadratic in a large one.
  await env.db.execute(sql`analyze import_rows`);
  const maxRow = parsed[parsed.length - 1]!.rowNo;
  await env.db.transaction(async (tx) => {
    await forChunks(maxRow, async (lo, hi) => {
      await compareRows(tx, kind, id, sql`r.row_no between ${lo} and ${hi}`);
      tracker.step(parsed.length + Math.round((hi / maxRow) * parsed.length));
    });
    await tx.execute(sql`update import_batches set status = 'previewed', total_rows = ${parsed.length},
      counts = ${rowCounts(id)} where id = ${id} and status = 'previewing'`);
  });
}

async function forChunks(maxRow: number, fn: (lo: number, hi: number) => Promise<void>): Promise<void> {
  for (let lo = 1; lo <= maxRow; lo += CHUNK_ROWS) await fn(lo, lo + CHUNK_ROWS - 1);
}

/** One chunk of parsed rows into import_rows (state 'pending' until compared, or 'error'). */
async function insertRows(db: Executor, batchId: number, rows: ParsedRow[]): Promise<void> {
  const col = <T>(f: (r: ParsedRow) => T) => sql.param(rows.map(f));
  await db.execute(sql`insert into import_rows (batch_id, row_no, state, number, number_norm, warehouse_id, data, error)
    select ${batchId}, r.row_no, r.state, r.number, r.number_norm, r.warehouse_id, r.data::jsonb, r.error
    from unnest(${col((r) => r.rowNo)}::int[], ${col((r) => (r.error ? 'error' : 'pending'))}::text[],
      ${col((r) => r.number)}::text[], ${col((r) => r.numberNorm)}::text[], ${col((r) => r.warehouseId)}::int[],
      ${col((r) => JSON.stringify(r.data))}::text[], ${col((r) => r.error)}::text[])
      as r(row_no, state, number, number_norm, warehouse_id, data, error)`);
}

/** The parts' fields an import may set: products columns of the same names (compared as text). */
const PART_FIELDS: { field: string; column: string }[] = [
  'l_name_zh',
  'product_name',
  'oe_number',
  'category_id',
  'make_id',
  'outbox_fcl_quantity',
  'is_coming_soon',
  'is_delisting',
  'is_orderable',
].map((field) => ({ field, column: field }));

/** A row's change of a part field, its 'new' or its 'old' value, as the products column's type. */
function changedValue(f: { field: string }, which: 'new' | 'old'): SQL {
  const value = sql`r.changes->${f.field}->>${sql.raw(`'${which}'`)}`;
  if (['l_name_zh', 'product_name', 'oe_number'].includes(f.field)) return value;
  return f.field.startsWith('is_') ? sql`(${value})::smallint` : sql`(${value})::int`;
}

/** Sets state and changes of the chunk's pending rows (the part known, what differs from now). */
async function compareRows(tx: Executor, kind: ImportKind, batchId: number, chunk: SQL): Promise<void> {
  const pending = sql`r.batch_id = ${batchId} and ${chunk} and r.state = 'pending'`;
  await tx.execute(sql`update import_rows r set product_id = p.id from products p
    where ${pending} and p.frey_no_norm = r.number_norm`);
  if (kind !== 'parts') {
    await tx.execute(sql`update import_rows r set state = 'error', error = '配件编号不存在'
      where ${pending} and r.product_id is null`);
  }
  if (kind === 'stock') {
    await tx.execute(sql`update import_rows r set changes = c.changes,
        state = case when c.changes = '{}'::jsonb then 'unchanged' else 'update' end
      from (select r.row_no, jsonb_strip_nulls(jsonb_build_object(
          'available', case when r.data ? 'available' and (r.data->>'available')::int <> coalesce(s.available, 0)
            then jsonb_build_object('old', coalesce(s.available, 0)::text, 'new', r.data->>'available') end,
          'in_transit', case when r.data ? 'in_transit' and (r.data->>'in_transit')::int <> coalesce(s.in_transit, 0)
            then jsonb_build_object('old', coalesce(s.in_transit, 0)::text, 'new', r.data->>'in_transit') end)) as changes
        from import_rows r left join product_stocks s on s.product_id = r.product_id and s.warehouse_id = r.warehouse_id
        where ${pending}) c
      where r.batch_id = ${batchId} and r.row_no = c.row_no`);
  } else if (kind === 'prices') {
    await tx.execute(sql`update import_rows r set changes = c.changes,
        state = case when c.changes = '{}'::jsonb then 'unchanged' else 'update' end
      from (select r.row_no, coalesce((select jsonb_object_agg(d.key, jsonb_build_object('old', pp.amount::text, 'new', d.value))
          from jsonb_each_text(r.data) d
          left join product_prices pp on pp.product_id = r.product_id and pp.price_key = d.key
          where pp.amount is distinct from d.value::numeric), '{}'::jsonb) as changes
        from import_rows r where ${pending}) c
      where r.batch_id = ${batchId} and r.row_no = c.row_no`);
  } else {
    await resolvePartReferences(tx, pending);
    await tx.execute(sql`update import_rows r set state = 'error', error = '新配件须填写名称、OE号、分类和品牌'
      where ${pending} and r.product_id is null
        and not (r.data ? 'l_name_zh' and r.data ? 'oe_number' and r.data ? 'category_id' and r.data ? 'make_id')`);
    await tx.execute(sql`update import_rows r set state = 'create',
        changes = (select jsonb_object_agg(d.key, jsonb_build_object('old', null, 'new', d.value))
          from jsonb_each_text(r.data) d where d.key <> 'oe_number_norm')
      where ${pending} and r.product_id is null`);
    const compared = PART_FIELDS.map(
      (f) => sql`${f.field}::text, case when r.data ? ${f.field} and r.data->>${f.field} <> p.${sql.raw(f.column)}::text
        then jsonb_build_object('old', p.${sql.raw(f.column)}::text, 'new', r.data->>${f.field}) end`,
    );
    await tx.execute(sql`update import_rows r set changes = c.changes,
        state = case when c.changes = '{}'::jsonb then 'unchanged' else 'update' end
      from (select r.row_no, jsonb_strip_nulls(jsonb_build_object(${sql.join(compared, sql`, `)})) as changes
        from import_rows r join products p on p.id = r.product_id where ${pending}) c
      where r.batch_id = ${batchId} and r.row_no = c.row_no`);
  }
}

/**
 * A parts row's category (a level-3 category's id, or its name) and make (name) as ids; unknown
 * ones are errors. Names of level-3 categories repeat (刹车片 under several parents): a name that
 * is more than one category's is an error naming their ids, for the file to give the id instead;
 * no row takes one of them by guess.
 */
async function resolvePartReferences(tx: Executor, pending: SQL): Promise<void> {
  const byId = sql`c.level = 3 and c.id::text = r.data->>'category'`;
  const byName = sql`c.level = 3 and c.l_name_zh = r.data->>'category'`;
  await tx.execute(sql`update import_rows r set state = 'error', error = '分类“' || (r.data->>'category') || '”不存在'
    where ${pending} and r.data ? 'category' and not exists (select 1 from categories c where (${byId}) or (${byName}))`);
  await tx.execute(sql`update import_rows r set state = 'error', error = '分类“' || (r.data->>'category')
      || '”对应多个三级分类（编号 ' || (select string_agg(c.id::text, '、' order by c.id) from categories c where ${byName})
      || '），请填写分类编号'
    where ${pending} and r.data ? 'category' and not exists (select 1 from categories c where ${byId})
      and (select count(*) from categories c where ${byName}) > 1`);
  await tx.execute(sql`update import_rows r set state = 'error', error = '品牌“' || (r.data->>'make') || '”不存在'
    where ${pending} and r.data ? 'make' and not exists (select 1 from makes m where m.name_zh = r.data->>'make')`);
  // What is left pending names one category: by its id, else by the one name.
  await tx.execute(sql`update import_rows r set data = r.data - 'category' - 'make'
      || case when r.data ? 'category' then jsonb_build_object('category_id', coalesce(
          (select c.id::text from categories c where ${byId}), (select c.id::text from categories c where ${byName})))
        else '{}'::jsonb end
      || case when r.data ? 'make' then jsonb_build_object('make_id', (select m.id::text from makes m
          where m.name_zh = r.data->>'make' limit 1)) else '{}'::jsonb end
    where ${pending} and (r.data ? 'category' or r.data ? 'make')`);
}

// ---- apply ----

/** Locks the batch for its work: it must be of the kind and in `status`. */
async function lockBatch(tx: Executor, kind: ImportKind, id: number, status: string, refusal: string): Promise<number> {
  const [row] = (
    await tx.execute(sql`select status, rows_purged_at, (select max(row_no) from import_rows where batch_id = ${id}) as max_row
      from import_batches where id = ${id} and kind = ${kind} for update`)
  ).rows as Row[];
  if (!row) refuse(IMPORT_TEXTS.notFound);
  if (row.status !== status) refuse(refusal);
  if (row.rows_purged_at !== null) refuse(IMPORT_TEXTS.rowsPurged);
  return Number(row.max_row ?? 0);
}

/** Runs an apply or rollback; a failure (nothing committed) is written on the batch for the page to show. */
async function recordFailure(
  env: ImportEnv,
  id: number,
  tracker: WorkTracker,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await env.db.execute(sql`update import_batches set error = '' where id = ${id}`);
    await work();
  } catch (err) {
    const message = err instanceof BusinessError ? err.message : '处理失败，未做任何修改，请重试';
    await env.db.execute(sql`update import_batches set error = ${message} where id = ${id}`);
    throw err;
  } finally {
    await tracker.end();
  }
}

/** One pass over a batch's rows in one transaction: apply or rollback. */
interface BatchWork {
  phase: 'apply' | 'rollback';
  /** The status the batch must have, and the refusal otherwise. */
  from: 'previewed' | 'applied';
  refusal: string;
  /** Works on one chunk of rows; answers a count to add up (the parts a rollback deleted). */
  chunk: (tx: Executor, rows: SQL) => Promise<number | void>;
  /** After the last chunk: the batch's new status, the audit entry. */
  finish: (tx: Executor, counted: number) => Promise<void>;
}

/**
 * Runs the work on the batch in one transaction, in the background (answers at once; the page
 * polls), chunk by chunk of row numbers with its progress; `wait` runs it to the end first
 * (tests). A prices batch tells the dealers after the commit (`price.adjusted`).
 */
async function runBatchWork(
  env: ImportEnv,
  kind: ImportKind,
  id: number,
  wait: boolean,
  work: BatchWork,
): Promise<ImportBatch> {
  const batch = await getBatch(env.db, kind, id);
  if (batch.progress) refuse(IMPORT_TEXTS.busy);
  if (batch.status !== work.from) refuse(work.refusal);
  if (batch.rows_purged_at !== null) refuse(IMPORT_TEXTS.rowsPurged);
  // One piece of work at a time on a batch, in the whole cluster (a double click runs it once).
  const total = batch.counts.create + batch.counts.update;
  if (!(await claimWork(env.db, id, work.phase, total))) refuse(IMPORT_TEXTS.busy);
  const tracker = trackWork(env.db, id, total, env.log);
  const transaction = (tx: Executor, emit: Emit) => inTransaction(tx, emit, kind, id, work, tracker.step);
  const run = async () => {
    await recordFailure(env, id, tracker, () => runTransaction(env.db, transaction));
    // New parts and names: the dealers' cached name lists and totals go, in every process.
    if (kind === 'parts') clearCatalogCache(env.db);
  };
  if (wait) await run();
  else inBackground(id, env.log, run);
  return getBatch(env.db, kind, id);
}

async function inTransaction(
  tx: Executor,
  emit: Emit,
  kind: ImportKind,
  id: number,
  work: BatchWork,
  step: (done: number) => void,
): Promise<void> {
  const maxRow = await lockBatch(tx, kind, id, work.from, work.refusal);
  // No JIT for the batch's statements: the stock copy's trigger statement over a chunk of 50,000
  // parts is costed past jit_optimize_above_cost, and compiling it took longer than it saved.
  await tx.execute(sql`set local jit = off`);
  let done = 0;
  let counted = 0;
  await forChunks(maxRow, async (lo, hi) => {
    const rows = sql`r.batch_id = ${id} and r.row_no between ${lo} and ${hi}`;
    counted += (await work.chunk(tx, rows)) ?? 0;
    const [n] = (
      await tx.execute(
        sql`select count(*)::int as n from import_rows r where ${rows} and r.state in ('create', 'update')`,
      )
    ).rows as Row[];
    done += Number(n?.n ?? 0);
    step(done);
  });
  await work.finish(tx, counted);
  if (kind === 'prices') emit(priceAdjusted({ batchId: id }));
}

/**
 * Stock: the old values are first taken again where the stock moved since the preview (so a
 * rollback restores what was there just before), then the figures are written; a part without
 * a row in the warehouse gets one. A rise from 0 publishes the arrivals through the stock trigger.
 */
async function applyStock(tx: Executor, rows: SQL): Promise<void> {
  const updating = sql`${rows} and r.state = 'update'`;
  await tx.execute(sql`update import_rows r set changes = r.changes
      || case when r.changes ? 'available' then jsonb_build_object('available',
           jsonb_build_object('old', s.available::text, 'new', r.changes->'available'->>'new')) else '{}'::jsonb end
      || case when r.changes ? 'in_transit' then jsonb_build_object('in_transit',
           jsonb_build_object('old', s.in_transit::text, 'new', r.changes->'in_transit'->>'new')) else '{}'::jsonb end
    from product_stocks s
    where ${updating} and s.product_id = r.product_id and s.warehouse_id = r.warehouse_id
      and ((r.changes ? 'available' and r.changes->'available'->>'old' <> s.available::text)
        or (r.changes ? 'in_transit' and r.changes->'in_transit'->>'old' <> s.in_transit::text))`);
  await tx.execute(sql`update product_stocks s set
      available = coalesce((r.changes->'available'->>'new')::int, s.available),
      in_transit = coalesce((r.changes->'in_transit'->>'new')::int, s.in_transit),
      updated_at = now()
    from import_rows r where ${updating} and s.product_id = r.product_id and s.warehouse_id = r.warehouse_id`);
  await tx.execute(sql`insert into product_stocks (product_id, warehouse_id, available, in_transit)
    select r.product_id, r.warehouse_id, coalesce((r.changes->'available'->>'new')::int, 0),
      coalesce((r.changes->'in_transit'->>'new')::int, 0)
    from import_rows r where ${updating}
    on conflict (product_id, warehouse_id) do nothing`);
}

/**
 * Prices: the parts are locked (the price form locks the part too, so neither silently undoes
 * the other), the old amounts taken again, then the prices and their history written.
 */
async function applyPrices(tx: Executor, rows: SQL, staffId: number, batchId: number): Promise<void> {
  const updating = sql`${rows} and r.state = 'update'`;
  await tx.execute(sql`select p.id from products p join import_rows r on r.product_id = p.id where ${updating}
    order by p.id for update of p`);
  // A price that holds the new amount already (the same list applied twice, the form saved the
  // same) is no change: no history, no dealer told, nothing to roll back.
  await tx.execute(sql`update import_rows r set changes = coalesce((select jsonb_object_agg(c.key,
      jsonb_build_object('old', pp.amount::text, 'new', c.value->>'new'))
      from jsonb_each(r.changes) c left join product_prices pp on pp.product_id = r.product_id and pp.price_key = c.key
      where pp.amount is distinct from (c.value->>'new')::numeric), '{}'::jsonb)
    where ${updating}`);
  await tx.execute(sql`update import_rows r set state = 'unchanged' where ${updating} and r.changes = '{}'::jsonb`);
  await tx.execute(sql`insert into product_prices (product_id, price_key, amount)
    select r.product_id, c.key, (c.value->>'new')::numeric from import_rows r, jsonb_each(r.changes) c where ${updating}
    on conflict (product_id, price_key) do update set amount = excluded.amount`);
  await tx.execute(sql`insert into price_history (product_id, price_key, old_amount, new_amount, staff_id, source, batch_id)
    select r.product_id, c.key, (c.value->>'old')::numeric, (c.value->>'new')::numeric, ${staffId}, 'import', ${batchId}
    from import_rows r, jsonb_each(r.changes) c where ${updating}`);
}

/** Parts: new parts inserted (with their OE number in product_numbers), known ones updated field by field. */
async function applyParts(tx: Executor, rows: SQL): Promise<void> {
  const d = (f: string) => sql`r.data->>${f}`;
  await tx.execute(sql`with created as (
      insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name, make_id, category_id,
        outbox_fcl_quantity, is_coming_soon, is_delisting, is_orderable)
      select r.number, r.number_norm, ${d('oe_number')}, ${d('oe_number_norm')}, ${d('l_name_zh')},
        coalesce(${d('product_name')}, ${d('l_name_zh')}), (${d('make_id')})::int, (${d('category_id')})::int,
        coalesce((${d('outbox_fcl_quantity')})::int, 0), coalesce((${d('is_coming_soon')})::smallint, 0),
        coalesce((${d('is_delisting')})::smallint, 0), coalesce((${d('is_orderable')})::smallint, 1)
      from import_rows r where ${rows} and r.state = 'create'
      on conflict do nothing
      returning id, frey_no_norm, oe_number, oe_number_norm, make_id),
    numbers as (insert into product_numbers (product_id, kind, factory, number, number_norm)
      select c.id, 'oe', m.name_zh, c.oe_number, c.oe_number_norm from created c join makes m on m.id = c.make_id)
    update import_rows r set product_id = c.id from created c where ${rows} and r.state = 'create' and r.number_norm = c.frey_no_norm`);
  const set = PART_FIELDS.map((f) => {
    const column = sql.raw(f.column);
    return sql`${column} = case when r.changes ? ${f.field} then ${changedValue(f, 'new')} else p.${column} end`;
  });
  await tx.execute(sql`update products p set ${sql.join(set, sql`, `)},
      oe_number_norm = case when r.changes ? 'oe_number' then r.data->>'oe_number_norm' else p.oe_number_norm end,
      updated_at = now()
    from import_rows r where ${rows} and r.state = 'update' and p.id = r.product_id`);
  await tx.execute(sql`update product_numbers n set number = r.changes->'oe_number'->>'new', number_norm = r.data->>'oe_number_norm'
    from import_rows r, products p
    where ${rows} and r.state = 'update' and r.changes ? 'oe_number' and p.id = r.product_id and n.product_id = p.id
      and n.kind = 'oe' and n.number = r.changes->'oe_number'->>'old'`);
}

// ---- apply and rollback, by kind ----

type Step = (tx: Executor, rows: SQL, staffId: number, batchId: number) => Promise<number | void>;

/** What apply and rollback do to one chunk of rows, by kind. */
const STEPS: Record<'apply' | 'rollback', Record<ImportKind, Step>> = {
  apply: {
    stock: (tx, rows) => applyStock(tx, rows),
    prices: applyPrices,
    parts: (tx, rows) => applyParts(tx, rows),
  },
  rollback: {
    stock: (tx, rows) => rollbackStock(tx, rows),
    prices: rollbackPrices,
    parts: (tx, rows) => rollbackParts(tx, rows),
  },
};

/**
 * POST /imports/:kind/:id/apply: applies the previewed changes in one transaction.
 * POST /imports/:kind/:id/rollback: restores every field the batch changed that still holds the
 * batch's value; a field changed since is left as it is and named in the row's `conflicts`. A
 * part the batch created is deleted unless it has been ordered (then it is a conflict).
 */
export function runBatch(
  env: ImportEnv,
  actor: AuditActor,
  kind: ImportKind,
  id: number,
  phase: 'apply' | 'rollback',
  wait = false,
): Promise<ImportBatch> {
  const step = STEPS[phase][kind];
  if (phase === 'apply') {
    const chunk = async (tx: Executor, rows: SQL) => {
      await checkPartsAsPreviewed(tx, rows);
      return step(tx, rows, actor.staffId, id);
    };
    return runBatchWork(env, kind, id, wait, {
      phase,
      from: 'previewed',
      refusal: IMPORT_TEXTS.notPreviewed,
      chunk,
      async finish(tx) {
        const [batch] = (
          await tx.execute(sql`update import_batches set status = 'applied', applied_at = now(),
            applied_by = ${actor.staffId}${kind === 'prices' ? sql`, counts = ${rowCounts(id)}` : sql``}
            where id = ${id} returning counts`)
        ).rows as Row[];
        await writeAudit(tx, actor, {
          action: 'imports.apply',
          entityType: 'import_batch',
          entityId: String(id),
          before: null,
          after: { kind, counts: json(batch!.counts) },
        });
      },
    });
  }
  const chunk = (tx: Executor, rows: SQL) => step(tx, rows, actor.staffId, id);
  return runBatchWork(env, kind, id, wait, {
    phase,
    from: 'applied',
    refusal: IMPORT_TEXTS.notApplied,
    chunk,
    async finish(tx, deleted) {
      const [totals] = (
        await tx.execute(sql`select
            coalesce(sum((select count(*) from jsonb_object_keys(r.changes))), 0)::int as changed,
            coalesce(sum((select count(*) from jsonb_object_keys(coalesce(r.conflicts, '{}'::jsonb)))), 0)::int as conflicts
          from import_rows r where r.batch_id = ${id} and r.state in ('create', 'update')`)
      ).rows as Row[];
      const conflicts = Number(totals?.conflicts ?? 0);
      const report = { restored: Number(totals?.changed ?? 0) - conflicts, conflicts, deleted };
      await tx.execute(sql`update import_batches set status = 'rolled_back', rolled_back_at = now(),
        rolled_back_by = ${actor.staffId}, report = ${JSON.stringify(report)}::jsonb where id = ${id}`);
      await writeAudit(tx, actor, {
        action: 'imports.rollback',
        entityType: 'import_batch',
        entityId: String(id),
        before: null,
        after: { kind, ...report },
      });
    },
  });
}

/**
 * Refuses the apply (nothing written) when a row's part is no longer as the preview found it: a
 * part to update deleted since (a rollback of the import that created it), a part to create
 * created since (another import). Its changes cannot be applied as previewed; a new upload
 * previews the list again.
 */
async function checkPartsAsPreviewed(tx: Executor, rows: SQL): Promise<void> {
  const [row] = (
    await tx.execute(sql`select r.row_no, r.number, r.state from import_rows r where ${rows} and (
        (r.state = 'update' and not exists (select 1 from products p where p.id = r.product_id))
        or (r.state = 'create' and exists (select 1 from products p where p.frey_no_norm = r.number_norm)))
      order by r.row_no limit 1`)
  ).rows as Row[];
  if (!row) return;
  const since = row.state === 'create' ? '已被新建' : '已被删除';
  refuse(`第 ${Number(row.row_no)} 行的配件“${String(row.number)}”在预览后${since}，请重新上传文件生成预览`);
}

/** The fields of the rows whose value is no longer what the batch wrote: { field: { expected, current } }. */
async function markConflicts(tx: Executor, rows: SQL, current: SQL): Promise<void> {
  await tx.execute(sql`update import_rows r set conflicts = nullif((select jsonb_object_agg(c.key,
        jsonb_build_object('expected', c.value->>'new', 'current', cur.value))
      from jsonb_each(r.changes) c left join lateral (select ${current} as value) cur on true
      where cur.value is distinct from c.value->>'new'), '{}'::jsonb)
    where ${rows} and r.state in ('create', 'update')`);
}

/**
 * Stock, in one statement a chunk: each field is restored where it still holds the batch's value
 * (checked on the row as the update finds it, so a change committed meanwhile is never undone),
 * and the rows with a field left as a later change set it get their `conflicts` from what the
 * update returns (a field that does not hold the old value afterwards was not restored). One
 * pass over the chunk's stock rows instead of a comparing pass and a restoring pass (profiled at
 * a million rows: docs/performance/admin.md).
 */
async function rollbackStock(tx: Executor, rows: SQL): Promise<void> {
  const restore = (f: string) => {
    const column = sql.raw(f);
    return sql`${column} = case when r.changes ? ${f} and s.${column}::text = r.changes->${f}->>'new'
      then (r.changes->${f}->>'old')::int else s.${column} end`;
  };
  const left = (f: string) => sql`x.changes ? ${f} and x.${sql.raw(f)}::text <> x.changes->${f}->>'old'`;
  const conflict = (f: string) =>
    sql`case when ${left(f)} then jsonb_build_object('expected', x.changes->${f}->>'new', 'current', x.${sql.raw(f)}::text) end`;
  await tx.execute(sql`with restored as (
      update product_stocks s set ${restore('available')}, ${restore('in_transit')}, updated_at = now()
      from import_rows r where ${rows} and r.state = 'update' and s.product_id = r.product_id and s.warehouse_id = r.warehouse_id
      returning r.batch_id, r.row_no, r.changes, s.available, s.in_transit)
    update import_rows r set conflicts = jsonb_strip_nulls(jsonb_build_object(
        'available', ${conflict('available')}, 'in_transit', ${conflict('in_transit')}))
    from restored x where r.batch_id = x.batch_id and r.row_no = x.row_no
      and ((${left('available')}) or (${left('in_transit')}))`);
}

async function rollbackPrices(tx: Executor, rows: SQL, staffId: number, batchId: number): Promise<void> {
  const updating = sql`${rows} and r.state = 'update'`;
  await tx.execute(sql`select p.id from products p join import_rows r on r.product_id = p.id where ${updating}
    order by p.id for update of p`);
  await markConflicts(
    tx,
    updating,
    sql`(select pp.amount::text from product_prices pp where pp.product_id = r.product_id and pp.price_key = c.key)`,
  );
  const restorable = sql`from import_rows r, jsonb_each(r.changes) c
    where ${updating} and not coalesce(r.conflicts ? c.key, false)`;
  await tx.execute(sql`insert into price_history (product_id, price_key, old_amount, new_amount, staff_id, source, batch_id)
    select r.product_id, c.key, (c.value->>'new')::numeric, (c.value->>'old')::numeric, ${staffId}, 'rollback', ${batchId}
    ${restorable}`);
  await tx.execute(sql`delete from product_prices pp using import_rows r, jsonb_each(r.changes) c
    where ${updating} and not coalesce(r.conflicts ? c.key, false) and c.value->>'old' is null
      and pp.product_id = r.product_id and pp.price_key = c.key`);
  await tx.execute(sql`insert into product_prices (product_id, price_key, amount)
    select r.product_id, c.key, (c.value->>'old')::numeric ${restorable} and c.value->>'old' is not null
    on conflict (product_id, price_key) do update set amount = excluded.amount`);
}

/** Answers how many created parts were deleted. */
async function rollbackParts(tx: Executor, rows: SQL): Promise<number> {
  const updating = sql`${rows} and r.state = 'update'`;
  await markConflicts(
    tx,
    updating,
    sql`(select case c.key ${sql.join(
      PART_FIELDS.map((f) => sql`when ${f.field} then p.${sql.raw(f.column)}::text`),
      sql` `,
    )} end from products p where p.id = r.product_id)`,
  );
  const set = PART_FIELDS.map((f) => {
    const column = sql.raw(f.column);
    return sql`${column} = case when r.changes ? ${f.field} and not coalesce(r.conflicts ? ${f.field}, false)
      then ${changedValue(f, 'old')} else p.${column} end`;
  });
  await tx.execute(sql`update products p set ${sql.join(set, sql`, `)},
      oe_number_norm = case when r.changes ? 'oe_number' and not coalesce(r.conflicts ? 'oe_number', false)
        then upper(regexp_replace(r.changes->'oe_number'->>'old', '[^0-9A-Za-z]', '', 'g')) else p.oe_number_norm end,
      updated_at = now()
    from import_rows r where ${updating} and p.id = r.product_id`);
  // A created part that has been ordered stays (named as a conflict); the others go.
  await tx.execute(sql`update import_rows r set conflicts = jsonb_build_object('created',
      jsonb_build_object('expected', '删除', 'current', '已有订单，未删除'))
    where ${rows} and r.state = 'create' and (exists (select 1 from order_items oi where oi.product_id = r.product_id)
      or exists (select 1 from order_lack_items l where l.product_id = r.product_id))`);
  const deleted = (
    await tx.execute(sql`delete from products p using import_rows r
      where ${rows} and r.state = 'create' and r.conflicts is null and p.id = r.product_id returning p.id`)
  ).rows;
  return deleted.length;
}
