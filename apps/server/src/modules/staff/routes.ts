import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AuditListQuery,
  CancelOrderRequest,
  CancelOrderResponse,
  AuditListResponse,
  CreateReturnRequest,
  CreateReturnResponse,
  CreateStaffRequest,
  RefuseReturnRequest,
  ReturnNoteRequest,
  ShipRequest,
  ShipResponse,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffMe,
  StaffMember,
} from '@shop/core/api/admin';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor, listAudit } from './audit';
import { staffLogin, staffLogout } from './login-service';
import { loginContextOf, loginOptionsFromConfig } from '../user/login-service';
import { createStaff, listStaff, setStaffEnabled } from './members-service';
import { cancel, deliver, listOrders, openReturn, orderDetail, reviewReturn, ship } from './orders-service';

/**
 * /api/admin/*: the staff API. Every route names what it needs in `config.permission`
 * (plugins/staff-auth.ts checks it before the handler; a route without one cannot register).
 */
const docNo = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, `${what}格式不正确`);

const routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const loginOptions = loginOptionsFromConfig(config);

  // ---- auth ----

  app.post(
    '/auth/login',
    adminRoute('public', '员工登录（登录名或手机号 + 密码）', {
      body: StaffLoginRequest,
      response: answers(StaffLoginResponse),
    }),
    async (request) => ok(await staffLogin(app.db, request.body, loginContextOf(request), loginOptions), '登录成功'),
  );

  app.post(
    '/auth/logout',
    adminRoute('staff', '员工退出登录', { response: { 200: emptyEnvelope } }),
    async (request) => {
      await staffLogout(app.db, request.staff.sessionId);
      return ok(null, '已退出登录');
    },
  );

  app.get('/auth/me', adminRoute('staff', '当前员工与其权限', { response: answers(StaffMe) }), async (request) => {
    const { staffId, name, login, roles, permissions } = request.staff;
    return ok({ id: staffId, name, login, roles, permissions });
  });

  // ---- orders ----

  const orderNo = z.object({ orders_no: docNo('订单号') });
  const returnNo = z.object({ return_no: docNo('退货单号') });

  app.get(
    '/orders',
    adminRoute('orders.read', '订单列表（全部公司）', {
      querystring: AdminOrderListQuery,
      response: answers(AdminOrderListResponse),
    }),
    async (request) => ok(await listOrders(app.db, request.query)),
  );

  app.get(
    '/orders/:orders_no',
    adminRoute('orders.read', '订单详情', { params: orderNo, response: answers(AdminOrderDetail) }),
    async (request) => ok(await orderDetail(app.db, request.params.orders_no)),
  );

  app.post(
    '/orders/:orders_no/ship',
    adminRoute('orders.ship', '发货', {
      params: orderNo,
      body: ShipRequest,
      response: answers(ShipResponse),
    }),
    async (request) =>
      ok(await ship(request.ctx.asStaff(), actor(request), request.params.orders_no, request.body), '已发货'),
  );

  app.post(
    '/orders/:orders_no/cancel',
    adminRoute('orders.ship', '取消订单（未发货前；填写原因，库存退回，客户收到带原因的消息）', {
      params: orderNo,
      body: CancelOrderRequest,
      response: answers(CancelOrderResponse),
    }),
    async (request) => {
      const message = await cancel(
        request.ctx.asStaff(),
        actor(request),
        request.params.orders_no,
        request.body.reason,
      );
      return ok({ message }, message);
    },
  );

  app.post(
    '/deliveries/:delivery_no/deliver',
    adminRoute('orders.ship', '包裹签收（承运商回单）', {
      params: z.object({ delivery_no: docNo('发货单号') }),
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await deliver(request.ctx.asStaff(), actor(request), request.params.delivery_no);
      return ok(null, '包裹已签收');
    },
  );

  app.post(
    '/orders/:orders_no/returns',
    adminRoute('returns.manage', '代客户创建退货申请', {
      params: orderNo,
      body: CreateReturnRequest,
      response: answers(CreateReturnResponse),
    }),
    async (request) =>
      ok(
        await openReturn(request.ctx.asStaff(), actor(request), request.params.orders_no, request.body),
        '退货申请已创建',
      ),
  );

  const moves = [
    { move: 'accept', summary: '同意退货', body: ReturnNoteRequest, done: '已同意退货' },
    { move: 'refuse', summary: '拒绝退货', body: RefuseReturnRequest, done: '已拒绝退货' },
    { move: 'complete', summary: '退货完成（货已入库，库存退回）', body: ReturnNoteRequest, done: '退货已完成' },
  ] as const;
  for (const m of moves) {
    app.post(
      `/returns/:return_no/${m.move}`,
      adminRoute('returns.manage', m.summary, {
        params: returnNo,
        body: m.body,
        response: { 200: emptyEnvelope },
      }),
      async (request) => {
        await reviewReturn(request.ctx.asStaff(), actor(request), request.params.return_no, m.move, request.body.note);
        return ok(null, m.done);
      },
    );
  }

  // ---- audit ----

  app.get(
    '/audit',
    adminRoute('audit.read', '操作日志', {
      querystring: AuditListQuery,
      response: answers(AuditListResponse),
    }),
    async (request) => ok(await listAudit(app.db, request.query)),
  );

  // ---- staff members ----

  app.get('/staff', adminRoute('staff.manage', '员工列表', { response: answers(z.array(StaffMember)) }), async () =>
    ok(await listStaff(app.db)),
  );

  app.post(
    '/staff',
    adminRoute('staff.manage', '添加员工', {
      body: CreateStaffRequest,
      response: answers(StaffMember),
    }),
    async (request) => ok(await createStaff(app.db, actor(request), request.body), '添加成功'),
  );

  const staffId = z.object({ id: idInput('员工编号不正确') });
  for (const [action, enabled, summary, done] of [
    ['disable', false, '停用员工（其会话立即结束）', '已停用'],
    ['enable', true, '启用员工', '已启用'],
  ] as const) {
    app.post(
      `/staff/:id/${action}`,
      adminRoute('staff.manage', summary, { params: staffId, response: answers(StaffMember) }),
      async (request) => ok(await setStaffEnabled(app.db, actor(request), request.params.id, enabled), done),
    );
  }
};

export default routes;
