import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageMenu, ReadTipRequest, ReadTipResponse, TipList, TipListRequest } from '@shop/core/api/messages';
import { dealerRoutes } from '../../lib/declared-routes';
import { pushesAfterCommit } from './delivery';
import { listMessages, messageMenu, readMessages } from './service';

/** /api/Tip.Tip/*: the dealer's message centre (spec.md section 7 'Messages and statements'), login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'messages');
  dealer.get('/menu_list', (ctx) => messageMenu(ctx.db, ctx.caller), {
    summary: '消息分类与未读数（分类 18 不显示）',
    answer: MessageMenu,
  });

  dealer.post('/shop_tip_list', (ctx, b) => listMessages(ctx.db, ctx.caller, b), {
    summary: '消息列表（最新在前，可按分类、已读、标题、单号、日期筛选）',
    input: TipListRequest,
    answer: TipList,
  });

  dealer.post(
    '/readTip',
    (ctx, b, { request }) => readMessages(ctx.db, pushesAfterCommit(app.realtime, request.log), ctx.caller, b),
    {
      summary: '标为已读：type 1 一条（tip_id），type 2 全部（可限分类 category_id）',
      input: ReadTipRequest,
      answer: ReadTipResponse,
    },
  );
};

export default routes;
