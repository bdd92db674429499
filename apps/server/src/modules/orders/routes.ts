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
import { emptyEnvelope, envelope, ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { parseIdList } from '../parts/restock-service';
import { deliveriesWorkbook, orderItemsWorkbook, ordersWorkbook, returnsWorkbook } from './exports';
import { cartIdsOf, checkIdempotencyKey, placeOrder } from './place-order';
import {
  buyAgain,
  cancelOrder,
  CANCELLED_TEXT,
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
  const security = [{ token: [] }];
  const tags = ['orders'];

  app.post(
    '/add',
    {
      schema: {
        summary: 'Place an order from cart lines (idempotent)',
        description:
          'Quantities come from the cart and prices from the catalog. Lines short of stock become lack items ' +
          '(return_data, order_type 1 缺货 / 2 库存不足). A repeated submit (same Idempotency-Key header or ' +
          'idempotency_key, or the same cart lines) answers the first order with repeated=1.',
        tags,
        security,
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: AddOrderRequest,
        response: { 200: envelope(AddOrderResponse) },
      },
    },
    async (request) => {
      const b = request.body;
      const header = request.headers['idempotency-key'];
      const { msg, ...data } = await placeOrder(request.ctx.asDealer(), {
        cartIds: cartIdsOf(b.pd_cart_ids, b.cart),
        addressId: b.address_id,
        otherAddressId: b.other_address_id,
        remark: b.remark,
        beijingRemark: b.beijing_remark,
        freyCoin: b.frey_coin,
        voucherOrdersId: b.voucher_orders_id,
        pointsCartId: b.points_cart_id,
        idempotencyKey: checkIdempotencyKey(typeof header === 'string' ? header : b.idempotency_key),
      });
      return ok(data, msg);
    },
  );

  app.get(
    '/addToSubscription',
    {
      schema: {
        summary: "Restock alerts for an order's lack items",
        tags,
        security,
        querystring: AddToSubscriptionQuery,
        response: { 200: envelope(AddToSubscriptionResponse) },
      },
    },
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
    {
      schema: {
        summary: "The company's orders (filters, status tabs, pagination)",
        tags,
        security,
        body: PurchaseListRequest,
        response: { 200: envelope(PurchaseListResponse) },
      },
    },
    async (request) => ok(await purchaseList(request.ctx.asDealer(), request.body)),
  );

  app.get(
    '/getDetail',
    {
      schema: {
        summary: 'Order detail',
        tags,
        security,
        querystring: OrderIdQuery,
        response: { 200: envelope(OrderDetail) },
      },
    },
    async (request) => ok(await orderDetail(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/orderIdGetDeliveryList',
    {
      schema: {
        summary: 'The packages (deliveries) of an order',
        tags,
        security,
        querystring: OrderIdQuery,
        response: { 200: envelope(z.array(DeliverySummary)) },
      },
    },
    async (request) => ok(await deliveryList(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/getDeliveryDetail',
    {
      schema: {
        summary: 'One delivery with its lines',
        tags,
        security,
        querystring: DeliveryIdQuery,
        response: { 200: envelope(DeliveryDetail) },
      },
    },
    async (request) => ok(await deliveryDetail(request.ctx.asDealer(), request.query.delivery_id)),
  );

  app.post(
    '/cancelOrder',
    {
      schema: {
        summary: 'Cancel an order before shipment (stock returned)',
        tags,
        security,
        body: CancelOrderRequest,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await cancelOrder(request.ctx.asDealer(), request.body.order_id, request.body.reason);
      return ok(null, CANCELLED_TEXT);
    },
  );

  app.get(
    '/packaReceipt',
    {
      schema: {
        summary: 'Confirm receipt of one package',
        tags,
        security,
        querystring: DeliveryIdQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await receivePackage(request.ctx.asDealer(), request.query.delivery_id);
      return ok(null, RECEIPT_DONE_TEXT);
    },
  );

  app.post(
    '/receiptAll',
    {
      schema: {
        summary: 'Confirm receipt of every shipped package of the given orders',
        tags,
        security,
        body: ReceiptAllRequest,
        response: { 200: envelope(ReceiptResult) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.order_ids, 200, '订单');
      return ok({ received: await receiveAll(request.ctx.asDealer(), ids) }, RECEIPT_DONE_TEXT);
    },
  );

  app.post(
    '/buyAgain',
    {
      schema: {
        summary: "Put an order's lines back into the cart",
        description: 'repurchaseProduct lists the cart lines to check on the cart page.',
        tags,
        security,
        body: BuyAgainRequest,
        response: { 200: envelope(BuyAgainResponse) },
      },
    },
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
    {
      schema: {
        summary: "An order's lines with today's price and stock (buy again)",
        tags,
        security,
        querystring: OrderIdQuery,
        response: { 200: envelope(RepurchaseProductInfo) },
      },
    },
    async (request) => ok(await repurchaseInfo(request.ctx.asDealer(), request.query.order_id)),
  );

  app.get(
    '/changeStatus',
    {
      schema: {
        summary: "The customer's status moves: completed (after full shipment) or cancelled",
        tags,
        security,
        querystring: ChangeStatusQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) =>
      ok(null, await changeStatus(request.ctx.asDealer(), request.query.order_id, request.query.status)),
  );

  app.get(
    '/orderExport',
    {
      schema: {
        summary: 'Orders (filters) as .xlsx',
        tags,
        security,
        querystring: ExportQuery,
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await ordersWorkbook(request.ctx.asDealer(), request.query), datedFileName('订单')),
  );

  app.post(
    '/getExportPurchaseItemsList',
    {
      schema: {
        summary: 'Order lines (of order_ids, or of the filtered orders) as .xlsx',
        tags,
        security,
        body: ItemsExportRequest,
        response: fileResponse,
      },
    },
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
    {
      schema: {
        summary: 'Deliveries (of an order, or all) as .xlsx',
        tags,
        security,
        querystring: DeliveryExportQuery,
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await deliveriesWorkbook(request.ctx.asDealer(), request.query.order_id),
        datedFileName('发货单'),
      ),
  );

  app.get(
    '/returnOrderExport',
    {
      schema: {
        summary: 'Return orders as .xlsx',
        tags,
        security,
        querystring: ReturnExportQuery,
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await returnsWorkbook(request.ctx.asDealer(), request.query.status), datedFileName('退货单')),
  );

  app.post(
    '/getReturnOrderList',
    {
      schema: {
        summary: "The company's purchase returns",
        tags,
        security,
        body: ReturnListRequest,
        response: { 200: envelope(ReturnListResponse) },
      },
    },
    async (request) => ok(await returnList(request.ctx.asDealer(), request.body)),
  );

  app.post(
    '/getReturnOrderDetail',
    {
      schema: {
        summary: 'One purchase return with its lines',
        tags,
        security,
        body: ReturnDetailRequest,
        response: { 200: envelope(ReturnDetail) },
      },
    },
    async (request) => ok(await returnDetail(request.ctx.asDealer(), request.body.return_id)),
  );

  app.post(
    '/applyReturn',
    {
      schema: {
        summary: '申请退货（经销商自己从订单详情发起）',
        description:
          'multipart（字段 order_id、items（JSON：[{order_item_id, quantity}]）、reason、request_key，' +
          '图片文件 pictures 最多 3 张、每张 ≤10MB）或 JSON（无图片）。只能退已签收、未退且未在申请中的数量；' +
          '同一 request_key 重复提交返回第一次的退货单（repeated=1）。生成待审核的退货单，由客服同意或拒绝。',
        tags,
        security,
        response: { 200: envelope(ApplyReturnResponse) },
      },
    },
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
    {
      schema: { summary: 'A picture of a return request', tags, security, querystring: ReturnPictureQuery },
    },
    async (request, reply) => {
      const file = await findReturnPicture(request.ctx.asDealer(), request.query.return_id, request.query.index);
      const stored = await app.uploads.storage.get(file.key);
      if (!stored) throw new BusinessError('图片不存在');
      return sendPrivateFile(reply, { ...stored, mime: file.mime }, { filename: file.name || 'picture' });
    },
  );

  app.post(
    '/getUserMaxFreyCoin',
    {
      schema: {
        summary: 'Points (frey coins) usable on an order',
        description: 'Points seam: the points module is not built, so every account can use 0.',
        tags,
        security,
        response: { 200: envelope(MaxFreyCoin) },
      },
    },
    async () => ok({ max_frey_coin: 0, frey_coin: 0, deduction_ratio: 0 }),
  );
};

export default routes;
