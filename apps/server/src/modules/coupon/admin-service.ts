import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PickedCategory,
  PickedCompany,
  PickedPart,
  ActivityInput,
  AdminActivity,
  AdminVoucher,
  AdminVoucherPage,
  VoucherInput,
  VoucherUse,
} from '@shop/core/api/coupons';
import { chinaDayOf, validityOn } from '@shop/core/coupons';
import { money } from '@shop/core/money';
import type { Db } from '../../db/client';
import { listParts } from '../catalog-admin/parts-service';
import { listCategories } from '../catalog-admin/tree-service';
import { audienceOptions } from '../messages/broadcast';
import { chinaDateTime, chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeAudit, type AuditActor } from '../staff/audit';
import { ACTIVITY_COLUMNS, activityOf, VOUCHER_COLUMNS, voucherOf } from './service';

/**
 * The back office's 优惠券 and 活动管理 (permission coupon.manage; docs/coupons.md). Every change
 * is audited in its transaction. Issuing counts uses with guarded updates, grant rows first and
 * the voucher row last, as the dealers' claims and orders do.
 */

type Row = Record<string, unknown>;
type VoucherValues = z.output<typeof VoucherInput>;
type ActivityValues = z.output<typeof ActivityInput>;

export const COUPON_ADMIN_TEXTS = {
  voucherNotFound: '优惠券不存在',
  activityNotFound: '活动不存在',
  belowGranted: (n: number) => `总数不能少于已发放的 ${n} 次`,
  notIssuable: '活动领取的优惠券不能定向发放',
  stoppedVoucher: '优惠券已停用，不能发放',
  overTotal: '超过优惠券总数，不能发放',
  unknownCompany: '所选公司不存在',
  unknownPart: '所选商品不存在',
  unknownCategory: '所选分类不存在',
  saved: '已保存',
  created: '已创建',
  stopped: '已停用',
  started: '已启用',
} as const;

const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;

const VOUCHER_SELECT = sql`select ${VOUCHER_COLUMNS}, v.kind, v.per_company_uses, v.total_uses,
  v.granted_uses, v.used_count, coalesce(a.name, '') as activity_name, v.status, v.created_at,
  (select count(*)::int from voucher_grants g where g.voucher_id = v.id and g.uses > 0) as companies,
  (select coalesce(json_agg(s.product_id order by s.product_id) filter (where s.product_id is not null), '[]'::json)
   from voucher_scope_items s where s.voucher_id = v.id) as product_ids,
  (select coalesce(json_agg(s.category_id order by s.category_id) filter (where s.category_id is not null), '[]'::json)
   from voucher_scope_items s where s.voucher_id = v.id) as category_ids
  from vouchers v left join activities a on a.id = v.activity_id`;

const jsonIds = (v: unknown): number[] =>
  (typeof v === 'string' ? (JSON.parse(v) as unknown[]) : ((v as unknown[]) ?? [])).map(Number);

function adminVoucherOf(r: Row): AdminVoucher {
  return {
    ...voucherOf(r),
    product_ids: jsonIds(r.product_ids),
    category_ids: jsonIds(r.category_ids),
    kind: r.kind as AdminVoucher['kind'],
    per_company_uses: Number(r.per_company_uses),
    total_uses: r.total_uses === null ? null : Number(r.total_uses),
    granted_uses: Number(r.granted_uses),
    used_count: Number(r.used_count),
    activity_name: String(r.activity_name),
    status: r.status as AdminVoucher['status'],
    companies: Number(r.companies),
    created_at: chinaDateTimeOf(r.created_at),
  };
}

export async function voucherDetail(db: Executor, id: number): Promise<AdminVoucher> {
  const [r] = (await db.execute(sql`${VOUCHER_SELECT} where v.id = ${id}`)).rows as Row[];
  if (!r) refuse(COUPON_ADMIN_TEXTS.voucherNotFound);
  return adminVoucherOf(r);
}

/** GET /admin/coupon/vouchers: newest first, by name, status and kind. */
export async function listVouchers(
  db: Db,
  q: { keyword: string; status: string; kind: string; page: number; limit: number },
): Promise<AdminVoucherPage> {
  const where = sql`(${q.keyword} = '' or v.name ilike ${containsPattern(q.keyword)})
    and (${q.status} = '' or v.status = ${q.status}) and (${q.kind} = '' or v.kind = ${q.kind})`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from vouchers v where ${where}`,
    sql`${VOUCHER_SELECT} where ${where} order by v.id desc`,
    adminVoucherOf,
  );
}

/** The voucher's parts or categories, all of which must exist. */
async function writeScope(tx: Executor, id: number, input: VoucherValues): Promise<void> {
  await tx.execute(sql`delete from voucher_scope_items where voucher_id = ${id}`);
  if (input.scope === 'parts') {
    const ids = [...new Set(input.product_ids)];
    const done = await tx.execute(sql`insert into voucher_scope_items (voucher_id, product_id)
      select ${id}, p.id from products p where p.id = any(${ints(ids)}) returning product_id`);
    if (done.rows.length !== ids.length) refuse(COUPON_ADMIN_TEXTS.unknownPart);
  } else if (input.scope === 'categories') {
    const ids = [...new Set(input.category_ids)];
    const done = await tx.execute(sql`insert into voucher_scope_items (voucher_id, category_id)
      select ${id}, c.id from categories c where c.id = any(${ints(ids)}) returning category_id`);
    if (done.rows.length !== ids.length) refuse(COUPON_ADMIN_TEXTS.unknownCategory);
  }
}

async function checkActivity(tx: Executor, id: number | null): Promise<void> {
  if (id === null) return;
  const found = await tx.execute(sql`select 1 from activities where id = ${id}`);
  if (found.rows.length === 0) refuse(COUPON_ADMIN_TEXTS.activityNotFound);
}

export async function createVoucher(
  ctx: StaffRequestContext,
  actor: AuditActor,
  input: VoucherValues,
): Promise<AdminVoucher> {
  return ctx.transaction(async (tx) => {
    await checkActivity(tx, input.activity_id);
    const [r] = (
      await tx.execute(sql`insert into vouchers (name, value, threshold, valid_from, valid_to, scope, kind,
        per_company_uses, total_uses, activity_id)
      values (${input.name}, ${input.value}, ${input.threshold}, ${input.valid_from}, ${input.valid_to}, ${input.scope},
        ${input.kind}, ${input.per_company_uses}, ${input.total_uses}, ${input.activity_id}) returning id`)
    ).rows as Row[];
    const id = Number(r!.id);
    await writeScope(tx, id, input);
    const after = await voucherDetail(tx, id);
    await writeAudit(tx, actor, {
      action: 'coupon.voucher.create',
      entityType: 'voucher',
      entityId: String(id),
      before: null,
      after,
    });
    return after;
  });
}

/** Edits a voucher (its row locked); the total can never go below the uses handed out. */
export async function updateVoucher(
  ctx: StaffRequestContext,
  actor: AuditActor,
  id: number,
  input: VoucherValues,
): Promise<AdminVoucher> {
  return ctx.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from vouchers where id = ${id} for update`);
    if (locked.rows.length === 0) refuse(COUPON_ADMIN_TEXTS.voucherNotFound);
    const before = await voucherDetail(tx, id);
    if (input.total_uses !== null && input.total_uses < Math.max(before.granted_uses, before.used_count)) {
      refuse(COUPON_ADMIN_TEXTS.belowGranted(Math.max(before.granted_uses, before.used_count)));
    }
    await checkActivity(tx, input.activity_id);
    await tx.execute(sql`update vouchers set name = ${input.name}, value = ${input.value}, threshold = ${input.threshold},
      valid_from = ${input.valid_from}, valid_to = ${input.valid_to}, scope = ${input.scope}, kind = ${input.kind},
      per_company_uses = ${input.per_company_uses}, total_uses = ${input.total_uses}, activity_id = ${input.activity_id},
      updated_at = now() where id = ${id}`);
    await writeScope(tx, id, input);
    const after = await voucherDetail(tx, id);
    await writeAudit(tx, actor, {
      action: 'coupon.voucher.update',
      entityType: 'voucher',
      entityId: String(id),
      before,
      after,
    });
    return after;
  });
}

/** Stops (no new claim, issue or use; open orders keep theirs) or restarts a voucher. */
export function setVoucherStatus(
  ctx: StaffRequestContext,
  actor: AuditActor,
  id: number,
  status: 'active' | 'stopped',
): Promise<AdminVoucher> {
  return setStatus(ctx, actor, { table: 'vouchers', entity: 'voucher', detail: voucherDetail }, id, status);
}

/** Stops or restarts one voucher or activity (its status), audited with the status before and after. */
async function setStatus<T extends { status: string }>(
  ctx: StaffRequestContext,
  actor: AuditActor,
  what: {
    table: 'vouchers' | 'activities';
    entity: 'voucher' | 'activity';
    detail: (db: Executor, id: number) => Promise<T>;
  },
  id: number,
  status: 'active' | 'stopped',
): Promise<T> {
  return ctx.transaction(async (tx) => {
    const before = await what.detail(tx, id);
    await tx.execute(
      sql`update ${sql.identifier(what.table)} set status = ${status}, updated_at = now() where id = ${id}`,
    );
    const after = await what.detail(tx, id);
    await writeAudit(tx, actor, {
      action: `coupon.${what.entity}.${status === 'stopped' ? 'stop' : 'start'}`,
      entityType: what.entity,
      entityId: String(id),
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

/**
 * Issues an 'issued' voucher to companies: each holds per_company_uses uses (topped up, never
 * lowered). The grants are locked or inserted first, then the voucher's handed-out count rises by
 * the uses added, guarded by its total; over the total nothing is issued.
 */
export async function issueVoucher(
  ctx: StaffRequestContext,
  actor: AuditActor,
  id: number,
  companyIds: number[],
): Promise<{ issued: number }> {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  return ctx.transaction(async (tx) => {
    const v = await voucherDetail(tx, id);
    if (v.kind !== 'issued') refuse(COUPON_ADMIN_TEXTS.notIssuable);
    if (v.status !== 'active') refuse(COUPON_ADMIN_TEXTS.stoppedVoucher);
    const known = await tx.execute(sql`select id from companies where id = any(${ints(ids)})`);
    if (known.rows.length !== ids.length) refuse(COUPON_ADMIN_TEXTS.unknownCompany);
    await tx.execute(sql`insert into voucher_grants (voucher_id, company_id, uses, issued_by)
      select ${id}, c, 0, ${actor.staffId} from unnest(${ints(ids)}) as c on conflict (voucher_id, company_id) do nothing`);
    const held = await tx.execute(sql`select company_id, uses from voucher_grants
      where voucher_id = ${id} and company_id = any(${ints(ids)}) order by company_id for update`);
    let added = 0;
    for (const r of held.rows as Row[]) added += Math.max(0, v.per_company_uses - Number(r.uses));
    await tx.execute(sql`update voucher_grants set uses = greatest(uses, ${v.per_company_uses}),
      issued_by = ${actor.staffId}, updated_at = now()
      where voucher_id = ${id} and company_id = any(${ints(ids)})`);
    const counted = await tx.execute(sql`update vouchers set granted_uses = granted_uses + ${added}, updated_at = now()
      where id = ${id} and (total_uses is null or granted_uses + ${added} <= total_uses) returning id`);
    if (counted.rows.length !== 1) refuse(COUPON_ADMIN_TEXTS.overTotal);
    await writeAudit(tx, actor, {
      action: 'coupon.voucher.issue',
      entityType: 'voucher',
      entityId: String(id),
      before: { granted_uses: v.granted_uses },
      after: { granted_uses: v.granted_uses + added, company_ids: ids },
    });
    return { issued: added };
  });
}

/** GET /admin/coupon/vouchers/:id/uses: each company's grant with the orders that used it. */
export async function voucherUses(db: Db, id: number): Promise<VoucherUse[]> {
  await voucherDetail(db, id);
  const rows = await db.execute(sql`select g.id, g.company_id, c.name as company_name, g.uses, g.used,
      (select coalesce(json_agg(json_build_object('orders_id', o.id, 'orders_no', o.orders_no, 'amount', r.amount::text,
        'used_at', r.created_at, 'released', case when r.released_at is null then 0 else 1 end) order by r.id), '[]'::json)
       from voucher_redemptions r join orders o on o.id = r.order_id where r.grant_id = g.id) as orders
    from voucher_grants g join companies c on c.id = g.company_id
    where g.voucher_id = ${id} and g.uses > 0 order by g.id`);
  return (rows.rows as Row[]).map((r) => ({
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    voucher_orders_id: Number(r.id),
    uses: Number(r.uses),
    used: Number(r.used),
    orders: (typeof r.orders === 'string' ? (JSON.parse(r.orders) as Row[]) : (r.orders as Row[])).map((o) => ({
      orders_id: Number(o.orders_id),
      orders_no: String(o.orders_no),
      amount: money(o.amount),
      used_at: chinaDateTime(new Date(String(o.used_at))),
      released: Number(o.released) === 1 ? (1 as const) : (0 as const),
    })),
  }));
}

// ---- activities ----

const ACTIVITY_SELECT = sql`select ${ACTIVITY_COLUMNS}, a.status,
  (select coalesce(json_agg(p.product_id order by p.sort, p.product_id), '[]'::json)
   from activity_products p where p.activity_id = a.id) as product_ids,
  (select coalesce(json_agg(v.id order by v.id), '[]'::json) from vouchers v where v.activity_id = a.id) as voucher_ids
  from activities a`;

function adminActivityOf(r: Row, today: string): AdminActivity {
  const a = activityOf(r);
  const status = r.status as AdminActivity['status'];
  return {
    ...a,
    status,
    product_ids: jsonIds(r.product_ids),
    voucher_ids: jsonIds(r.voucher_ids),
    running: status === 'active' && validityOn(a.starts_on, a.ends_on, today) === 'valid' ? 1 : 0,
  };
}

async function activityDetail(db: Executor, id: number): Promise<AdminActivity> {
  const [r] = (await db.execute(sql`${ACTIVITY_SELECT} where a.id = ${id}`)).rows as Row[];
  if (!r) refuse(COUPON_ADMIN_TEXTS.activityNotFound);
  return adminActivityOf(r, chinaDayOf(new Date()));
}

export async function listActivities(db: Db): Promise<AdminActivity[]> {
  const rows = await db.execute(sql`${ACTIVITY_SELECT} order by a.starts_on desc, a.id desc`);
  const today = chinaDayOf(new Date());
  return (rows.rows as Row[]).map((r) => adminActivityOf(r, today));
}

async function writeActivityParts(tx: Executor, id: number, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  await tx.execute(sql`delete from activity_products where activity_id = ${id}`);
  const done = await tx.execute(sql`insert into activity_products (activity_id, product_id, sort)
    select ${id}, p.id, array_position(${ints(ids)}, p.id) from products p where p.id = any(${ints(ids)})
    returning product_id`);
  if (done.rows.length !== ids.length) refuse(COUPON_ADMIN_TEXTS.unknownPart);
}

/** Creates (id undefined) or edits an activity with its parts, audited. */
export async function saveActivity(
  ctx: StaffRequestContext,
  actor: AuditActor,
  id: number | undefined,
  input: ActivityValues,
): Promise<AdminActivity> {
  return ctx.transaction(async (tx) => {
    let activityId = id;
    let before: AdminActivity | null = null;
    if (activityId === undefined) {
      const [r] = (
        await tx.execute(sql`insert into activities (name, image, description, starts_on, ends_on)
        values (${input.name}, ${input.image}, ${input.description}, ${input.starts_on}, ${input.ends_on}) returning id`)
      ).rows as Row[];
      activityId = Number(r!.id);
    } else {
      before = await activityDetail(tx, activityId);
      await tx.execute(sql`update activities set name = ${input.name}, image = ${input.image},
        description = ${input.description}, starts_on = ${input.starts_on}, ends_on = ${input.ends_on}, updated_at = now()
        where id = ${activityId}`);
    }
    await writeActivityParts(tx, activityId, input.product_ids);
    const after = await activityDetail(tx, activityId);
    await writeAudit(tx, actor, {
      action: before ? 'coupon.activity.update' : 'coupon.activity.create',
      entityType: 'activity',
      entityId: String(activityId),
      before,
      after,
    });
    return after;
  });
}

export function setActivityStatus(
  ctx: StaffRequestContext,
  actor: AuditActor,
  id: number,
  status: 'active' | 'stopped',
): Promise<AdminActivity> {
  return setStatus(ctx, actor, { table: 'activities', entity: 'activity', detail: activityDetail }, id, status);
}

// ---- the pickers of the forms (coupon.manage alone: the catalog's and dealers' lists need their own permissions) ----

const PICKED_SHOWN = 20;

/** Companies by name or id (the broadcast's search), or the chosen ones by id. */
export async function pickCompanies(db: Db, q: { keyword: string; ids: number[] }): Promise<PickedCompany[]> {
  if (q.ids.length > 0) {
    const rows = await db.execute(sql`select id, name from companies where id = any(${ints(q.ids)}) order by id`);
    return (rows.rows as Row[]).map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }
  return (await audienceOptions(db, q.keyword)).companies;
}

/** Parts by own code, number or name (the catalog's search), or the chosen ones by id in their order. */
export async function pickParts(db: Db, q: { keyword: string; ids: number[] }): Promise<PickedPart[]> {
  if (q.ids.length > 0) {
    const rows = await db.execute(sql`select id, frey_no, product_name from products
      where id = any(${ints(q.ids)}) order by array_position(${ints(q.ids)}, id)`);
    return (rows.rows as Row[]).map((r) => ({
      id: Number(r.id),
      frey_no: String(r.frey_no),
      product_name: String(r.product_name),
    }));
  }
  const found = await listParts(db, { keyword: q.keyword || undefined, page: 1, limit: PICKED_SHOWN });
  return found.list.map((p) => ({ id: p.id, frey_no: p.frey_no, product_name: p.product_name }));
}

/** The category tree (every level may be chosen). */
export async function pickCategories(db: Db): Promise<PickedCategory[]> {
  return (await listCategories(db)).map(({ id, parent_id, level, l_name_zh }) => ({ id, parent_id, level, l_name_zh }));
}
