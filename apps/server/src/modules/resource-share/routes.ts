import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactField,
  PublishRequest,
  PublishResponse,
  ResourceIdRequest,
  ResourceListQuery,
  ResourceMineQuery,
  ResourcePage,
  ResourcePreview,
} from '@shop/core/api/resource-share';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { answers, loginRoute } from '../../lib/route-options';
import { IMPORT_TEXTS } from '../bulk-search/spreadsheet-import';
import { importPreview, mine, publish, searchShared, withdraw } from './service';

const tag = 'resource share';

/** /api/Shop.ResourceSharing/*: dealers share surplus stock and find each other's (docs/resource-share.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/import',
    loginRoute(tag, 'multipart: file (.xls/.xlsx ≤10M: 配件编号, 配件名称, 数量, 价格) and contact → a preview', {
      response: answers(ResourcePreview),
    }),
    async (request) => {
      const form = await app.uploads.receiveInMemory(request, 'spreadsheet', { fileFields: ['file'] });
      const contact = ContactField.safeParse(form.fields.contact ?? '');
      if (!contact.success) throw new BusinessError(contact.error.issues[0]?.message ?? RESOURCE_TEXTS.contactMissing);
      const file = form.files[0];
      if (!file) throw new BusinessError(IMPORT_TEXTS.noFile);
      return ok(
        await importPreview(request.ctx.asDealer(), { name: file.originalName, bytes: file.bytes }, contact.data),
      );
    },
  );

  app.post(
    '/publish',
    loginRoute(tag, "Publishes a preview of the company's (again: the same answer)", {
      body: PublishRequest,
      response: answers(PublishResponse),
    }),
    async (request) => ok(await publish(request.ctx.asDealer(), request.body.preview_id), RESOURCE_TEXTS.published),
  );

  app.get(
    '/list',
    loginRoute(tag, "Other dealers' shared stock by number (prefix) or name, with their contact", {
      querystring: ResourceListQuery,
      response: answers(ResourcePage),
    }),
    async (request) => ok(await searchShared(request.ctx.asDealer(), request.query)),
  );

  app.get(
    '/mine',
    loginRoute(tag, "The company's own shared stock", {
      querystring: ResourceMineQuery,
      response: answers(ResourcePage),
    }),
    async (request) => ok(await mine(request.ctx.asDealer(), request.query)),
  );

  app.post(
    '/withdraw',
    loginRoute(tag, "Withdraws one of the company's entries", {
      body: ResourceIdRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await withdraw(request.ctx.asDealer(), request.body.id);
      return ok(null, RESOURCE_TEXTS.withdrawn);
    },
  );
};

export default routes;
