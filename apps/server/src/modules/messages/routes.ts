import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageMenu, ReadTipRequest, ReadTipResponse, TipList, TipListRequest } from '@shop/core/api/messages';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { pushesAfterCommit } from './delivery';
import { listMessages, messageMenu, readMessages } from './service';

/** /api/Tip.Tip/*: the dealer's message centre (spec.md section 7 'Messages and statements'), login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu_list',
    loginRoute('messages', '消息分类与未读数（分类 18 不显示）', {
      response: answers(MessageMenu),
    }),
    async (request) => ok(await messageMenu(app.db, request.ctx.dealer)),
  );

  app.post(
    '/shop_tip_list',
    loginRoute('messages', '消息列表（最新在前，可按分类、已读、标题、单号、日期筛选）', {
      body: TipListRequest,
      response: answers(TipList),
    }),
    async (request) => ok(await listMessages(app.db, request.ctx.dealer, request.body)),
  );

  app.post(
    '/readTip',
    loginRoute('messages', '标为已读：type 1 一条（tip_id），type 2 全部（可限分类 category_id）', {
      body: ReadTipRequest,
      response: answers(ReadTipResponse),
    }),
    async (request) =>
      ok(await readMessages(app.db, pushesAfterCommit(app.realtime, request.log), request.ctx.dealer, request.body)),
  );
};

export default routes;
