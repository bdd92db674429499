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
import { dealerRoutes } from '../../lib/declared-routes';
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
  const dealer = dealerRoutes(app, 'orders');
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

  dealer.post('/getPurchaseList', purchaseList, {
    summary: "The company's orders (filters, status tabs, pagination)",
    input: PurchaseListRequest,
    answer: PurchaseListResponse,
  });
  dealer.get('/getDetail', (ctx, q) => orderDetail(ctx, q.order_id), {
    summary: 'Order detail',
    input: OrderIdQuery,
    answer: OrderDetail,
  });
  dealer.get('/orderIdGetDeliveryList', (ctx, q) => deliveryList(ctx, q.order_id), {
    summary: 'The packages (deliveries) of an order',
    input: OrderIdQuery,
    answer: z.array(DeliverySummary),
  });
  dealer.get('/getDeliveryDetail', (ctx, q) => deliveryDetail(ctx, q.delivery_id), {
    summary: 'One delivery with its lines',
    input: DeliveryIdQuery,
    answer: DeliveryDetail,
  });

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

  dealer.get('/packaReceipt', (ctx, q) => receivePackage(ctx, q.delivery_id), {
    summary: 'Confirm receipt of one package',
    input: DeliveryIdQuery,
    msg: RECEIPT_DONE_TEXT,
  });
  dealer.post(
    '/receiptAll',
    async (ctx, b) => ({ received: await receiveAll(ctx, parseIdList(b.order_ids, 200, '订单')) }),
    {
      summary: 'Confirm receipt of every shipped package of the given orders',
      input: ReceiptAllRequest,
      answer: ReceiptResult,
      msg: RECEIPT_DONE_TEXT,
    },
  );
  dealer.post(
    '/buyAgain',
    (ctx, b) => buyAgain(ctx, b.order_id, b.order_item_ids ? parseIdList(b.order_item_ids, 500, '商品') : []),
    {
      summary: "Put an order's lines back into the cart",
      description: 'repurchaseProduct lists the cart lines to check on the cart page.',
      input: BuyAgainRequest,
      answer: BuyAgainResponse,
      msg: (result) =>
        result.skipped.length > 0
          ? `已加入购物车 ${result.repurchaseProduct.length} 种商品，${result.skipped.length} 种暂不可订购`
          : '已加入购物车',
    },
  );
  dealer.get('/getRepurchaseProductInfo', (ctx, q) => repurchaseInfo(ctx, q.order_id), {
    summary: "An order's lines with today's price and stock (buy again)",
    input: OrderIdQuery,
    answer: RepurchaseProductInfo,
  });

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

  dealer.post('/getReturnOrderList', returnList, {
    summary: "The company's purchase returns",
    input: ReturnListRequest,
    answer: ReturnListResponse,
  });
  dealer.post('/getReturnOrderDetail', (ctx, b) => returnDetail(ctx, b.return_id), {
    summary: 'One purchase return with its lines',
    input: ReturnDetailRequest,
    answer: ReturnDetail,
  });

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

  dealer.post('/getUserMaxFreyCoin', (ctx, b) => maxFreyCoin(ctx, b?.amount), {
    summary: 'Frey coins usable on an order',
    description:
      'frey_coin: the balance; deduction_ratio: the share of the goods total coins may pay; max_frey_coin: ' +
      'what an order of `amount` may use (the balance without amount). Zeros where points are off or for sub-accounts.',
    input: MaxFreyCoinRequest.optional(),
    answer: MaxFreyCoin,
  });
};

export default routes;
