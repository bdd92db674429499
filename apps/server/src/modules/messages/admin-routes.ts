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
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { pushesAfterCommit } from './delivery';
import { auditActor } from '../staff/audit';
import { audienceOptions, listBroadcasts, sendBroadcast } from './broadcast';

/** /api/admin/messages/*: staff broadcasts to the dealers. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/messages/broadcast',
    adminRoute('messages.broadcast', '群发消息（全部经销商、某品牌的公司或指定公司）', {
      body: BroadcastRequest,
      response: answers(Broadcast),
    }),
    async (request) =>
      ok(
        await sendBroadcast(app.db, pushesAfterCommit(app.realtime, request.log), auditActor(request), request.body),
        BROADCAST_TEXTS.sent,
      ),
  );

  app.get(
    '/messages/broadcasts',
    adminRoute('messages.broadcast', '群发记录（最新在前）', {
      querystring: BroadcastListQuery,
      response: answers(BroadcastList),
    }),
    async (request) => ok(await listBroadcasts(app.db, request.query)),
  );

  app.get(
    '/messages/audience',
    adminRoute('messages.broadcast', '群发对象：可选的品牌，与名称或编号匹配的公司（最多 20 家）', {
      querystring: BroadcastAudienceQuery,
      response: answers(BroadcastAudienceOptions),
    }),
    async (request) => ok(await audienceOptions(app.db, request.query.keyword)),
  );
};

export default adminRoutes;
