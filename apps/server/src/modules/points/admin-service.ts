import { sql, type SQL } from 'drizzle-orm';
import type { AdminGift, AdminGiftList, CompanyPoints, MallItem, MallItemList } from '@shop/core/api/points';
import { PRICE_STOCK_TEXTS } from '@shop/core/api/admin-prices';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import type { z } from 'zod';
import type { GiftShipInput, MallItemInput, PointsAdjustInput } from '@shop/core/api/points';
import { chinaDateTimeOf } from '../../lib/china-time';
import { containsPattern } from '../../lib/like-pattern';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeAudit, type AuditActor } from '../staff/audit';
import { giftDetailOf, giftItems } from './gifts';
import { pointsExpireAt } from '@shop/core/points-rules';
import { changeBalance } from './ledger';
import { ledgerPage, type LedgerFilters } from './service';

/**
 * The back office's side of points (permission points.manage): mall items, gift orders (ship
 * and deliver like orders), a company's ledgers and manual adjustments. Every write is audited
 * in its transaction.
 */
type Row = Record<string, unknown>;
export interface PointsStaffAction {
  ctx: StaffRequestContext;
  actor: AuditActor;
}
type ItemInput = z.output<typeof MallItemInput>;
type ShipInput = z.output<typeof GiftShipInput>;

function itemOf(r: Row): MallItem {
  return {
    id: Number(r.id),
    name: String(r.name),
    description: String(r.description),
    pic: String(r.pic),
    points_price: Number(r.points_price),
    stock: Number(r.stock),
    on_shelf: r.on_shelf === true || r.on_shelf === 't' ? 1 : 0,
    sort: Number(r.sort),
    updated_at: chinaDateTimeOf(r.updated_at),
  };
}

export async function listMallItems(
  db: Executor,
  q: { page: number; limit: number; keyword: string },
): Promise<MallItemList> {
  const where = q.keyword ? sql`name ilike ${containsPattern(q.keyword)}` : sql`true`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from points_mall_items where ${where}`,
    sql`select * from points_mall_items where ${where} order by sort, id`,
    itemOf,
  );
}

async function mallItem(db: Executor, id: number, lock = false): Promise<MallItem> {
  const { rows } = await db.execute(
    sql`select * from points_mall_items where id = ${id}${lock ? sql` for update` : sql``}`,
  );
  if (rows.length === 0) refuse(POINTS_TEXTS.itemNotFound);
  return itemOf(rows[0] as Row);
}

export async function createMallItem({ ctx, actor }: PointsStaffAction, input: ItemInput): Promise<MallItem> {
  return ctx.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`insert into points_mall_items (name, description, pic, points_price, stock,
        on_shelf, sort)
      values (${input.name}, ${input.description}, ${input.pic}, ${input.points_price}, ${input.stock},
        ${input.on_shelf === 1}, ${input.sort}) returning *`);
    const item = itemOf(rows[0] as Row);
    await writeAudit(tx, actor, {
      action: 'points.item.create',
      entityType: 'points_mall_item',
      entityId: String(item.id),
      before: null,
      after: item,
    });
    return item;
  });
}

export async function updateMallItem(
  { ctx, actor }: PointsStaffAction,
  id: number,
  input: ItemInput,
): Promise<MallItem> {
  return ctx.transaction(async (tx) => {
    const before = await mallItem(tx, id, true);
    let stock = input.stock;
    // Gift orders took or gave back units since the form was opened (the row is locked now).
    if (input.expected_stock !== undefined && input.expected_stock !== before.stock) {
      if (input.stock !== input.expected_stock) refuse(PRICE_STOCK_TEXTS.stockChanged);
      stock = before.stock;
    }
    const { rows } = await tx.execute(sql`update points_mall_items set name = ${input.name},
        description = ${input.description}, pic = ${input.pic}, points_price = ${input.points_price},
        stock = ${stock}, on_shelf = ${input.on_shelf === 1}, sort = ${input.sort}, updated_at = now()
      where id = ${id} returning *`);
    const item = itemOf(rows[0] as Row);
    await writeAudit(tx, actor, {
      action: 'points.item.update',
      entityType: 'points_mall_item',
      entityId: String(id),
      before,
      after: item,
    });
    return item;
  });
}

const ADMIN_GIFT = sql`g.*, c.name as company_name, coalesce(g.order_id, 0) as order_id,
  (select coalesce(sum(quantity), 0)::int from gift_order_items x where x.gift_order_id = g.id) as quantity,
  (select x.name from gift_order_items x where x.gift_order_id = g.id order by x.id limit 1) as first_name,
  (select x.pic from gift_order_items x where x.gift_order_id = g.id order by x.id limit 1) as first_pic`;

export async function listGifts(
  db: Executor,
  q: { page: number; limit: number; status: string; keyword: string },
): Promise<AdminGiftList> {
  const conditions = [sql`true`];
  if (q.status) conditions.push(sql`g.status = ${q.status}`);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    conditions.push(sql`(g.gift_no ilike ${p} or c.name ilike ${p})`);
  }
  const where = sql.join(conditions, sql` and `);
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from gift_orders g join companies c on c.id = g.company_id where ${where}`,
    sql`select ${ADMIN_GIFT} from gift_orders g join companies c on c.id = g.company_id
    where ${where} order by g.id desc`,
    (r) => {
      const { items: _items, ...rest } = giftDetailOf(r, []);
      return { ...rest, company_id: Number(r.company_id), company_name: String(r.company_name) };
    },
  );
}

export async function adminGift(db: Executor, id: number, lock = false): Promise<AdminGift> {
  const { rows } = await db.execute(sql`select ${ADMIN_GIFT} from gift_orders g join companies c on c.id = g.company_id
    where g.id = ${id}${lock ? sql` for update of g` : sql``}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(POINTS_TEXTS.giftNotFound);
  return {
    ...giftDetailOf(r, await giftItems(db, id)),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
  };
}

/** Ships a gift order waiting for shipment (carrier and tracking number, like an order's package). */
export function shipGift(staff: PointsStaffAction, id: number, input: ShipInput): Promise<AdminGift> {
  return moveGift(staff, id, {
    from: 'pending_shipment',
    refusal: '该赠品订单不是待发货状态',
    set: sql`status = 'shipped', carrier = ${input.carrier}, tracking_no = ${input.tracking_no}, shipped_at = now()`,
    action: 'points.gift.ship',
  });
}

/** Records the delivery of a shipped gift order (the dealer did not confirm it). */
export function deliverGift(staff: PointsStaffAction, id: number): Promise<AdminGift> {
  return moveGift(staff, id, {
    from: 'shipped',
    refusal: '该赠品订单尚未发货或已签收',
    set: sql`status = 'received', received_at = now()`,
    action: 'points.gift.deliver',
  });
}

/** Moves a gift order on from the status `from` (else refused), audited as `action`. */
function moveGift(
  { ctx, actor }: PointsStaffAction,
  id: number,
  step: { from: string; refusal: string; set: SQL; action: string },
): Promise<AdminGift> {
  return ctx.transaction(async (tx) => {
    const before = await adminGift(tx, id, true);
    if (before.status !== step.from) refuse(step.refusal);
    await tx.execute(sql`update gift_orders set ${step.set} where id = ${id}`);
    const after = await adminGift(tx, id);
    await writeAudit(tx, actor, { action: step.action, entityType: 'gift_order', entityId: String(id), before, after });
    return after;
  });
}

export async function companyPoints(db: Executor, companyId: number, q: LedgerFilters): Promise<CompanyPoints> {
  const { rows } = await db.execute(sql`select c.id, c.name, coalesce(a.points, 0) as points,
      coalesce(a.frey_coin, 0) as frey_coin
    from companies c left join points_accounts a on a.company_id = c.id where c.id = ${companyId}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse('经销商公司不存在');
  return {
    company_id: Number(r.id),
    company_name: String(r.name),
    points: Number(r.points),
    frey_coin: Number(r.frey_coin),
    ledger: await ledgerPage(db, companyId, q),
  };
}

/**
 * A manual adjustment of a company's points or coins: a reason is required, a deduction never
 * takes the balance below 0 (refused), the entry and the audit entry commit together. The form's
 * request key is the entry's ref: the same key again (a double submit, a retry) changes nothing
 * and answers the balances as they are.
 */
export async function adjustPoints(
  { ctx, actor }: PointsStaffAction,
  companyId: number,
  input: z.output<typeof PointsAdjustInput>,
): Promise<CompanyPoints> {
  if (input.change === 0) refuse(POINTS_TEXTS.adjustmentZero);
  return ctx.transaction(async (tx) => {
    const before = await companyPoints(tx, companyId, { page: 1, limit: 1, kind: input.kind, cause: '', direction: 0 });
    const balance = await changeBalance(tx, {
      kind: input.kind,
      companyId,
      change: input.change,
      cause: 'adjustment',
      ref: input.request_key ? `form:${input.request_key}` : null,
      note: input.reason,
      expiresAt: input.kind === 'points' && input.change > 0 ? pointsExpireAt(new Date()) : null,
      shortText: input.kind === 'points' ? '扣减后积分不能小于 0' : '扣减后积分币不能小于 0',
    });
    const after = await companyPoints(tx, companyId, { page: 1, limit: 20, kind: input.kind, cause: '', direction: 0 });
    if (balance === undefined) return after;
    await writeAudit(tx, actor, {
      action: 'points.adjust',
      entityType: 'company',
      entityId: String(companyId),
      before: { points: before.points, frey_coin: before.frey_coin },
      after: {
        points: after.points,
        frey_coin: after.frey_coin,
        kind: input.kind,
        change: input.change,
        reason: input.reason,
      },
    });
    return after;
  });
}
