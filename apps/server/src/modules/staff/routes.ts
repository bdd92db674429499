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
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { listAudit } from './audit';
import { staffLogin, staffLogout } from './login-service';
import { loginContextOf, loginOptionsFromConfig } from '../user/login-service';
import { createStaff, listStaff, setStaffEnabled } from './members-service';
import { cancel, deliver, listOrders, openReturn, orderDetail, reviewReturn, ship } from './orders-service';
import { staffRoutes } from './staff-routes';

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

  const staff = staffRoutes(app, 'staff');
  staff.post('/auth/logout', (ctx) => staffLogout(ctx.db, ctx.caller.sessionId), {
    summary: '员工退出登录',
    msg: '已退出登录',
  });
  staff.get(
    '/auth/me',
    ({ caller: { staffId, name, login, roles, permissions } }) => ({ id: staffId, name, login, roles, permissions }),
    {
      summary: '当前员工与其权限',
      answer: StaffMe,
    },
  );

  // ---- orders ----

  const orderNo = z.object({ orders_no: docNo('订单号') });
  const returnNo = z.object({ return_no: docNo('退货单号') });
  const read = staffRoutes(app, 'orders.read');
  const shipping = staffRoutes(app, 'orders.ship');
  const returns = staffRoutes(app, 'returns.manage');

  read.get('/orders', (ctx, q) => listOrders(ctx.db, q), {
    summary: '订单列表（全部公司）',
    input: AdminOrderListQuery,
    answer: AdminOrderListResponse,
  });
  read.get('/orders/:orders_no', (ctx, _q, { params }) => orderDetail(ctx.db, params.orders_no), {
    summary: '订单详情',
    params: orderNo,
    answer: AdminOrderDetail,
  });
  shipping.post('/orders/:orders_no/ship', (ctx, b, { params, actor }) => ship(ctx, actor, params.orders_no, b), {
    summary: '发货',
    params: orderNo,
    input: ShipRequest,
    answer: ShipResponse,
    msg: '已发货',
  });
  shipping.post(
    '/orders/:orders_no/cancel',
    async (ctx, b, { params, actor }) => ({ message: await cancel(ctx, actor, params.orders_no, b.reason) }),
    {
      summary: '取消订单（未发货前；填写原因，库存退回，客户收到带原因的消息）',
      params: orderNo,
      input: CancelOrderRequest,
      answer: CancelOrderResponse,
      msg: (done) => done.message,
    },
  );
  shipping.post(
    '/deliveries/:delivery_no/deliver',
    (ctx, _b, { params, actor }) => deliver(ctx, actor, params.delivery_no),
    {
      summary: '包裹签收（承运商回单）',
      params: z.object({ delivery_no: docNo('发货单号') }),
      msg: '包裹已签收',
    },
  );
  returns.post(
    '/orders/:orders_no/returns',
    (ctx, b, { params, actor }) => openReturn(ctx, actor, params.orders_no, b),
    {
      summary: '代客户创建退货申请',
      params: orderNo,
      input: CreateReturnRequest,
      answer: CreateReturnResponse,
      msg: '退货申请已创建',
    },
  );

  const moves = [
    { move: 'accept', summary: '同意退货', body: ReturnNoteRequest, done: '已同意退货' },
    { move: 'refuse', summary: '拒绝退货', body: RefuseReturnRequest, done: '已拒绝退货' },
    { move: 'complete', summary: '退货完成（货已入库，库存退回）', body: ReturnNoteRequest, done: '退货已完成' },
  ] as const;
  for (const m of moves) {
    returns.post(
      `/returns/:return_no/${m.move}`,
      (ctx, b, { params, actor }) => reviewReturn(ctx, actor, params.return_no, m.move, b.note),
      { summary: m.summary, params: returnNo, input: m.body, msg: m.done },
    );
  }

  // ---- audit ----

  staffRoutes(app, 'audit.read').get('/audit', (ctx, q) => listAudit(ctx.db, q), {
    summary: '操作日志',
    input: AuditListQuery,
    answer: AuditListResponse,
  });

  // ---- staff members ----

  const members = staffRoutes(app, 'staff.manage');
  members.get('/staff', (ctx) => listStaff(ctx.db), { summary: '员工列表', answer: z.array(StaffMember) });
  members.post('/staff', (ctx, b, { actor }) => createStaff(ctx.db, actor, b), {
    summary: '添加员工',
    input: CreateStaffRequest,
    answer: StaffMember,
    msg: '添加成功',
  });

  const staffId = z.object({ id: idInput('员工编号不正确') });
  for (const [action, enabled, summary, done] of [
    ['disable', false, '停用员工（其会话立即结束）', '已停用'],
    ['enable', true, '启用员工', '已启用'],
  ] as const) {
    members.post(
      `/staff/:id/${action}`,
      (ctx, _b, { params, actor }) => setStaffEnabled(ctx.db, actor, params.id, enabled),
      { summary, params: staffId, answer: StaffMember, msg: done },
    );
  }
};

export default routes;
