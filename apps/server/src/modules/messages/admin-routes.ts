import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Broadcast,
  BroadcastAudienceOptions,
  BroadcastAudienceQuery,
  BroadcastList,
  BroadcastListQuery,
  BroadcastRequest,
  BROADCAST_TEXTS,
} from '@shop/core/api/messages';
import { staffRoutes } from '../staff/staff-routes';
import { pushesAfterCommit } from './delivery';
import { audienceOptions, listBroadcasts, sendBroadcast } from './broadcast';

/** /api/admin/messages/*: staff broadcasts to the dealers. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffRoutes(app, 'messages.broadcast');
  staff.post(
    '/messages/broadcast',
    (ctx, b, { actor, request }) => sendBroadcast(ctx.db, pushesAfterCommit(app.realtime, request.log), actor, b),
    {
      summary: '群发消息（全部经销商、某品牌的公司或指定公司）',
      input: BroadcastRequest,
      answer: Broadcast,
      msg: BROADCAST_TEXTS.sent,
    },
  );
  staff.get('/messages/broadcasts', (ctx, q) => listBroadcasts(ctx.db, q), {
    summary: '群发记录（最新在前）',
    input: BroadcastListQuery,
    answer: BroadcastList,
  });
  staff.get('/messages/audience', (ctx, q) => audienceOptions(ctx.db, q.keyword), {
    summary: '群发对象：可选的品牌，与名称或编号匹配的公司（最多 20 家）',
    input: BroadcastAudienceQuery,
    answer: BroadcastAudienceOptions,
  });
};

export default adminRoutes;
