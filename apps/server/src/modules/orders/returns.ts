import { sql } from 'drizzle-orm';
import { linesAmount } from '@shop/core/money';
import type { FastifyRequest } from 'fastify';
import {
  ApplyReturnRequest,
  RETURN_FIELDS,
  RETURN_PICTURES_MAX,
  RETURN_TEXTS,
  type ApplyReturnResponse,
} from '@shop/core/api/orders';
import type { ReturnPicture } from '../../db/schema/orders';
import { HttpError, refuse } from '../../lib/errors';
import type { DealerCaller, DealerRequestContext } from '../../platform/request-context';
import type { StoredUpload, UploadService } from '../../uploads/service';
import type { Executor } from './notifications';
import type { OrderEmit } from './order-emit';
import { nextDocumentNo } from './document-no';
import { returnableUnits } from './return-units';
import { visibleOrderSql } from './visibility';
import { ORDER_NOT_FOUND_TEXT } from './service';

/**
 * A dealer's return request (POST applyReturn, docs/orders.md 'Purchase returns'): lines of one
 * of the company's orders, each at most its returnable units (received, less returned and less
 * what open requests already ask for), a reason and up to RETURN_PICTURES_MAX pictures. It makes
 * a return order in pending_review (待审核) and publishes return.requested; customer service
 * accepts or refuses it (staff-service.ts moveReturn).
 */

export interface ReturnForm {
  fields: Record<string, unknown>;
  pictures: StoredUpload[];
}

/** Reads a multipart return request: its fields and its pictures (upload kind 'return-picture'). */
export async function receiveReturnForm(
  request: FastifyRequest,
  auth: DealerCaller,
  uploads: UploadService,
): Promise<ReturnForm> {
  const form = await uploads.receiveStored(request, auth, 'return-picture', {
    fileFields: [RETURN_FIELDS.pictures],
    maxFiles: RETURN_PICTURES_MAX,
    tooMany: RETURN_TEXTS.tooManyPictures,
  });
  return { fields: form.fields, pictures: form.files };
}

/** The request's fields checked: the reason and the empty list are the dealer's to fix (201), the rest is 400. */
function parseRequest(fields: unknown) {
  const parsed = ApplyReturnRequest.safeParse(fields ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  if (field === 'reason' || (field === 'items' && issue.path.length === 1 && issue.code === 'custom'))
    refuse(issue.message);
  throw new HttpError(400, `请求参数错误：${field ? `${issue.path.join('.')} ` : ''}${issue.message}`);
}

type Row = Record<string, unknown>;

/** POST applyReturn. The pictures are already stored; they are removed again when the request is refused. */
export async function applyReturn(
  ctx: DealerRequestContext,
  fields: unknown,
  stored?: { pictures: StoredUpload[]; uploads: UploadService },
): Promise<ApplyReturnResponse & { msg: string }> {
  const pictures = stored?.pictures ?? [];
  const removePictures = async (list: StoredUpload[]) => stored?.uploads.discard(list);
  try {
    const input = parseRequest(fields);
    if (pictures.length > RETURN_PICTURES_MAX) refuse(RETURN_TEXTS.tooManyPictures);
    const result = await ctx.transaction((tx, emit) => writeRequest(tx, emit, ctx.caller, input, pictures));
    if (result.repeated === 1) await removePictures(pictures);
    return result;
  } catch (err) {
    await removePictures(pictures);
    throw err;
  }
}

async function existingRequest(tx: Executor, companyId: number, key: string | undefined) {
  if (!key) return undefined;
  const [r] = (
    await tx.execute(
      sql`select id, return_no from return_orders where company_id = ${companyId} and request_key = ${key}`,
    )
  ).rows as Row[];
  return r
    ? { return_id: Number(r.id), return_no: String(r.return_no), repeated: 1 as const, msg: RETURN_TEXTS.repeated }
    : undefined;
}

async function writeRequest(
  tx: Executor,
  emit: OrderEmit,
  auth: DealerCaller,
  input: ReturnType<typeof parseRequest>,
  pictures: StoredUpload[],
): Promise<ApplyReturnResponse & { msg: string }> {
  // The order row is locked first: two requests for one order (a double submit) go one after the other.
  const [order] = (
    await tx.execute(sql`select id, account_id, orders_no from orders o
      where id = ${input.order_id} and company_id = ${auth.companyId} and ${visibleOrderSql(auth)} for update`)
  ).rows as Row[];
  if (!order) refuse(ORDER_NOT_FOUND_TEXT);
  const repeated = await existingRequest(tx, auth.companyId, input.request_key);
  if (repeated) return repeated;

  const wanted = new Map<number, number>();
  for (const l of input.items) wanted.set(l.order_item_id, (wanted.get(l.order_item_id) ?? 0) + l.quantity);
  const lines = (
    await tx.execute(sql`select i.id, i.product_id, i.price::text as price, p.l_name_zh, p.frey_no,
        ${returnableUnits('i')} as returnable
      from order_items i join products p on p.id = i.product_id
      where i.order_id = ${input.order_id} and i.company_id = ${auth.companyId}
        and i.id = any(${sql.param([...wanted.keys()])}::int[])
      order by i.id`)
  ).rows as Row[];
  if (lines.length !== wanted.size) refuse('订单中没有该商品');
  for (const l of lines) {
    const returnable = Number(l.returnable);
    const ask = wanted.get(Number(l.id))!;
    if (returnable === 0) refuse(`${RETURN_TEXTS.notReturnable}：${String(l.l_name_zh)}（${String(l.frey_no)}）`);
    if (ask > returnable)
      refuse(`退货数量超过可退数量（最多 ${returnable} 件）：${String(l.l_name_zh)}（${String(l.frey_no)}）`);
  }

  const returnNo = await nextDocumentNo(tx, 'TH');
  const amount = linesAmount(lines.map((l) => ({ price: String(l.price), quantity: wanted.get(Number(l.id))! })));
  const stored: ReturnPicture[] = pictures.map((p) => ({
    path: p.key,
    mime: p.mime,
    name: p.originalName,
    size: p.size,
  }));
  const [created] = (
    await tx.execute(sql`insert into return_orders (company_id, account_id, order_id, return_no, reason, total_amount,
        source, pictures, request_key)
      values (${auth.companyId}, ${auth.accountId}, ${input.order_id}, ${returnNo}, ${input.reason},
        ${amount}::numeric(12, 2), 'dealer', ${JSON.stringify(stored)}::jsonb, ${input.request_key ?? null})
      returning id`)
  ).rows as Row[];
  const returnId = Number(created!.id);
  await tx.execute(sql`insert into return_order_items (return_order_id, order_item_id, company_id, product_id, quantity, price)
    select ${returnId}, i.id, i.company_id, i.product_id, w.quantity, i.price
    from unnest(${sql.param([...wanted.keys()])}::int[], ${sql.param([...wanted.values()])}::int[]) as w(id, quantity)
    join order_items i on i.id = w.id
    order by i.id`);
  emit({
    type: 'return.requested',
    companyId: auth.companyId,
    accountId: Number(order.account_id),
    orderId: input.order_id,
    ordersNo: String(order.orders_no),
    returnId,
    returnNo,
    by: 'dealer',
  });
  return { return_id: returnId, return_no: returnNo, repeated: 0, msg: RETURN_TEXTS.submitted };
}

/** GET returnPicture: one of the pictures of a return of the caller's company. */
export async function findReturnPicture(
  ctx: DealerRequestContext,
  returnId: number,
  index: number,
): Promise<{ key: string; mime: string; name: string }> {
  const [r] = (
    await ctx.db.execute(
      sql`select r.pictures from return_orders r join orders o on o.id = r.order_id
        where r.id = ${returnId} and r.company_id = ${ctx.caller.companyId} and ${visibleOrderSql(ctx.caller)}`,
    )
  ).rows as Row[];
  const list = (typeof r?.pictures === 'string' ? JSON.parse(r.pictures) : r?.pictures) as ReturnPicture[] | undefined;
  const picture = list?.[index];
  if (!picture) refuse('图片不存在');
  return { key: picture.path, mime: picture.mime, name: picture.name };
}
