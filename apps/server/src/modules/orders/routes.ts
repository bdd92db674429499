import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddOrderRequest,
  AddOrderResponse,
  AddToSubscriptionQuery,
  AddToSubscriptionResponse,
  ApplyReturnResponse,
  BuyAgainRequest,
  BuyAgainResponse,
  CancelOrderRequest,
  ChangeStatusQuery,
  DeliveryDetail,
  DeliveryIdQuery,
  DeliverySummary,
  MaxFreyCoin,
  MaxFreyCoinRequest,
  OrderDetail,
  OrderIdQuery,
  PurchaseListRequest,
  PurchaseListResponse,
  ReceiptAllRequest,
  ReceiptResult,
  RepurchaseProductInfo,
  ReturnDetail,
  ReturnDetailRequest,
  ReturnListRequest,
  ReturnListResponse,
  ReturnPictureQuery,
} from '@shop/core/api/orders';
import { applyReturn, findReturnPicture, receiveReturnForm } from './returns';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { BusinessError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { parseIdList } from '../parts/restock-service';
import { deliveriesWorkbook, orderItemsWorkbook, ordersWorkbook, returnsWorkbook } from './exports';
import { cartIdsOf, checkIdempotencyKey, placeOrder } from './place-order';
import { maxFreyCoin, placeGiftOrderAlone } from '../points/gifts';
import {
  buyAgain,
  cancelOrder,
  changeStatus,
  deliveryDetail,
  deliveryList,
  orderDetail,
  purchaseList,
  receiveAll,
  receivePackage,
  RECEIPT_DONE_TEXT,
  repurchaseInfo,
  returnDetail,
  returnList,
  subscribeLackItems,
} from './service';

const ExportQuery = PurchaseListRequest.omit({ page: true, limit: true });
const ItemsExportRequest = ExportQuery.extend({ order_ids: z.string().optional().default('') });
const DeliveryExportQuery = z.object({ order_id: OrderIdQuery.shape.order_id.optional() });
const ReturnExportQuery = z.object({ status: ReturnListRequest.shape.status });
const fileResponse = { 200: z.any().describe('.xlsx file') };

/** /api/Shop.Order/*: placing orders, orders, deliveries and returns (docs/orders.md). Login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    loginRoute('orders', 'Place an order from cart lines (idempotent)', {
      description:
        'Quantities come from the cart and prices from the catalog. Lines short of stock become lack items ' +
        '(return_data, order_type 1 缺货 / 2 库存不足). A repeated submit (same Idempotency-Key header or ' +
        'idempotency_key, or the same cart lines) answers the first order with repeated=1.',
      headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
      body: AddOrderRequest,
      response: answers(AddOrderResponse),
    }),
    async (request) => {
      const b = request.body;
      const header = request.headers['idempotency-key'];
      const idempotencyKey = checkIdempotencyKey(typeof header === 'string' ? header : b.idempotency_key);
      if (!b.pd_cart_ids?.trim() && !b.cart?.length && b.points_cart_id.trim() !== '') {
        // Points cart lines alone: a gift order (points module).
        const { msg, ...data } = await placeGiftOrderAlone(request.ctx.asDealer(), {
          pointsCartId: b.points_cart_id,
          addressId: b.address_id,
          remark: b.remark,
          freyCoin: b.frey_coin,
          idempotencyKey,
        });
        return ok(data, msg);
      }
      const { msg, ...data } = await placeOrder(request.ctx.asDealer(), {
        cartIds: cartIdsOf(b.pd_cart_ids, b.cart),
        addressId: b.address_id,
        otherAddressId: b.other_address_id,
        remark: b.remark,
        beijingRemark: b.beijing_remark,
        freyCoin: b.frey_coin,
        voucherOrdersId: b.voucher_orders_id,
        pointsCartId: b.points_cart_id,
        idempotencyKey,
        specialApproval: b.is_special_approval === 1,
      });
      return ok(data, msg);
    },
  );

  app.get(
    '/addToSubscription',
    loginRoute('orders', "Restock alerts for an order's lack items", {
      querystring: AddToSubscriptionQuery,
      response: answers(AddToSubscriptionResponse),
    }),
    async (request) => {
      const lackIds = request.query.lack_ids ? parseIdList(request.query.lack_ids, 500, '缺货商品') : [];
      const { result, msg } = await subscribeLackItems(request.ctx.asDealer(), request.query.order_id, lackIds);
      return ok(
        { success_ids: result.success_ids, repeated_ids: result.repeated_ids, in_stock_ids: result.in_stock_ids },
        msg,
      );
    },
  );

  app.post(
    '/getPurchaseList',
    loginRoute('orders', "The company's orders (filters, status tabs, pagination)", {
      body: PurchaseListRequest,
      response: answers(PurchaseListResponse),
    }),
    async (request) => ok(await purchaseList(request.ctx.asDealer(), request.body)),
  );

  app.get(
    '/getDetail',
    loginRoute('orders', 'Order detail', {
      querystring: OrderIdQuery,
      response: answers(OrderDetail),
    }),
    async (request) => ok(await orderDetail(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/orderIdGetDeliveryList',
    loginRoute('orders', 'The packages (deliveries) of an order', {
      querystring: OrderIdQuery,
      response: answers(z.array(DeliverySummary)),
    }),
    async (request) => ok(await deliveryList(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/getDeliveryDetail',
    loginRoute('orders', 'One delivery with its lines', {
      querystring: DeliveryIdQuery,
      response: answers(DeliveryDetail),
    }),
    async (request) => ok(await deliveryDetail(request.ctx.asDealer(), request.query.delivery_id)),
  );

  app.post(
    '/cancelOrder',
    loginRoute('orders', 'Cancel an order before shipment (stock returned)', {
      body: CancelOrderRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      return ok(null, await cancelOrder(request.ctx.asDealer(), request.body.order_id, request.body.reason));
    },
  );

  app.get(
    '/packaReceipt',
    loginRoute('orders', 'Confirm receipt of one package', {
      querystring: DeliveryIdQuery,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await receivePackage(request.ctx.asDealer(), request.query.delivery_id);
      return ok(null, RECEIPT_DONE_TEXT);
    },
  );

  app.post(
    '/receiptAll',
    loginRoute('orders', 'Confirm receipt of every shipped package of the given orders', {
      body: ReceiptAllRequest,
      response: answers(ReceiptResult),
    }),
    async (request) => {
      const ids = parseIdList(request.body.order_ids, 200, '订单');
      return ok({ received: await receiveAll(request.ctx.asDealer(), ids) }, RECEIPT_DONE_TEXT);
    },
  );

  app.post(
    '/buyAgain',
    loginRoute('orders', "Put an order's lines back into the cart", {
      description: 'repurchaseProduct lists the cart lines to check on the cart page.',
      body: BuyAgainRequest,
      response: answers(BuyAgainResponse),
    }),
    async (request) => {
      const itemIds = request.body.order_item_ids ? parseIdList(request.body.order_item_ids, 500, '商品') : [];
      const result = await buyAgain(request.ctx.asDealer(), request.body.order_id, itemIds);
      const msg =
        result.skipped.length > 0
          ? `已加入购物车 ${result.repurchaseProduct.length} 种商品，${result.skipped.length} 种暂不可订购`
          : '已加入购物车';
      return ok(result, msg);
    },
  );

  app.get(
    '/getRepurchaseProductInfo',
    loginRoute('orders', "An order's lines with today's price and stock (buy again)", {
      querystring: OrderIdQuery,
      response: answers(RepurchaseProductInfo),
    }),
    async (request) => ok(await repurchaseInfo(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/changeStatus',
    loginRoute('orders', "The customer's status moves: completed (after full shipment) or cancelled", {
      querystring: ChangeStatusQuery,
      response: { 200: emptyEnvelope },
    }),
    async (request) =>
      ok(null, await changeStatus(request.ctx.asDealer(), request.query.order_id, request.query.status)),
  );

  app.get(
    '/orderExport',
    loginRoute('orders', 'Orders (filters) as .xlsx', {
      querystring: ExportQuery,
      response: fileResponse,
    }),
    async (request, reply) =>
      sendXlsx(reply, await ordersWorkbook(request.ctx.asDealer(), request.query), datedFileName('订单')),
  );

  app.post(
    '/getExportPurchaseItemsList',
    loginRoute('orders', 'Order lines (of order_ids, or of the filtered orders) as .xlsx', {
      body: ItemsExportRequest,
      response: fileResponse,
    }),
    async (request, reply) => {
      const ids = request.body.order_ids ? parseIdList(request.body.order_ids, 1000, '订单') : [];
      return sendXlsx(
        reply,
        await orderItemsWorkbook(request.ctx.asDealer(), request.body, ids),
        datedFileName('订单明细'),
      );
    },
  );

  app.get(
    '/deliveryExport',
    loginRoute('orders', 'Deliveries (of an order, or all) as .xlsx', {
      querystring: DeliveryExportQuery,
      response: fileResponse,
    }),
    async (request, reply) =>
      sendXlsx(
        reply,
        await deliveriesWorkbook(request.ctx.asDealer(), request.query.order_id),
        datedFileName('发货单'),
      ),
  );

  app.get(
    '/returnOrderExport',
    loginRoute('orders', 'Return orders as .xlsx', {
      querystring: ReturnExportQuery,
      response: fileResponse,
    }),
    async (request, reply) =>
      sendXlsx(reply, await returnsWorkbook(request.ctx.asDealer(), request.query.status), datedFileName('退货单')),
  );

  app.post(
    '/getReturnOrderList',
    loginRoute('orders', "The company's purchase returns", {
      body: ReturnListRequest,
      response: answers(ReturnListResponse),
    }),
    async (request) => ok(await returnList(request.ctx.asDealer(), request.body)),
  );

  app.post(
    '/getReturnOrderDetail',
    loginRoute('orders', 'One purchase return with its lines', {
      body: ReturnDetailRequest,
      response: answers(ReturnDetail),
    }),
    async (request) => ok(await returnDetail(request.ctx.asDealer(), request.body.return_id)),
  );

  app.post(
    '/applyReturn',
    loginRoute('orders', '申请退货（经销商自己从订单详情发起）', {
      description:
        'multipart（字段 order_id、items（JSON：[{order_item_id, quantity}]）、reason、request_key，' +
        '图片文件 pictures 最多 3 张、每张 ≤10MB）或 JSON（无图片）。只能退已签收、未退且未在申请中的数量；' +
        '同一 request_key 重复提交返回第一次的退货单（repeated=1）。生成待审核的退货单，由客服同意或拒绝。',
      response: answers(ApplyReturnResponse),
    }),
    async (request) => {
      if (request.isMultipart()) {
        const form = await receiveReturnForm(request, request.auth, app.uploads);
        const { msg, ...data } = await applyReturn(request.ctx.asDealer(), form.fields, {
          pictures: form.pictures,
          uploads: app.uploads,
        });
        return ok(data, msg);
      }
      const { msg, ...data } = await applyReturn(request.ctx.asDealer(), request.body);
      return ok(data, msg);
    },
  );

  app.get(
    '/returnPicture',
    loginRoute('orders', 'A picture of a return request', { querystring: ReturnPictureQuery }),
    async (request, reply) => {
      const file = await findReturnPicture(request.ctx.asDealer(), request.query.return_id, request.query.index);
      const stored = await app.uploads.storage.get(file.key);
      if (!stored) throw new BusinessError('图片不存在');
      return sendPrivateFile(reply, { ...stored, mime: file.mime }, { filename: file.name || 'picture' });
    },
  );

  app.post(
    '/getUserMaxFreyCoin',
    loginRoute('orders', 'Frey coins usable on an order', {
      description:
        'frey_coin: the balance; deduction_ratio: the share of the goods total coins may pay; max_frey_coin: ' +
        'what an order of `amount` may use (the balance without amount). Zeros where points are off or for sub-accounts.',
      body: MaxFreyCoinRequest.optional(),
      response: answers(MaxFreyCoin),
    }),
    async (request) => ok(await maxFreyCoin(request.ctx.asDealer(), request.body?.amount)),
  );
};

export default routes;
