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
import { envelope, ok } from '../../lib/envelope';
import { pushesAfterCommit } from './delivery';
import { auditActor } from '../staff/audit';
import { audienceOptions, listBroadcasts, sendBroadcast } from './broadcast';

/** /api/admin/messages/*: staff broadcasts to the dealers. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ token: [] }];

  app.post(
    '/messages/broadcast',
    {
      config: { permission: 'messages.broadcast' },
      schema: {
        tags,
        security,
        summary: '群发消息（全部经销商、某品牌的公司或指定公司）',
        body: BroadcastRequest,
        response: { 200: envelope(Broadcast) },
      },
    },
    async (request) =>
      ok(
        await sendBroadcast(app.db, pushesAfterCommit(app.realtime, request.log), auditActor(request), request.body),
        BROADCAST_TEXTS.sent,
      ),
  );

  app.get(
    '/messages/broadcasts',
    {
      config: { permission: 'messages.broadcast' },
      schema: {
        tags,
        security,
        summary: '群发记录（最新在前）',
        querystring: BroadcastListQuery,
        response: { 200: envelope(BroadcastList) },
      },
    },
    async (request) => ok(await listBroadcasts(app.db, request.query)),
  );

  app.get(
    '/messages/audience',
    {
      config: { permission: 'messages.broadcast' },
      schema: {
        tags,
        security,
        summary: '群发对象：可选的品牌，与名称或编号匹配的公司（最多 20 家）',
        querystring: BroadcastAudienceQuery,
        response: { 200: envelope(BroadcastAudienceOptions) },
      },
    },
    async (request) => ok(await audienceOptions(app.db, request.query.keyword)),
  );
};

export default adminRoutes;
