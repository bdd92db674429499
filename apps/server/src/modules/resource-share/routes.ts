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
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { answers, loginRoute } from '../../lib/route-options';
import { IMPORT_TEXTS } from '../bulk-search/spreadsheet-import';
import { importPreview, mine, publish, searchShared, withdraw } from './service';

const tag = 'resource share';

/** /api/Shop.ResourceSharing/*: dealers share surplus stock and find each other's (docs/resource-share.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
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

  dealer.post('/publish', (ctx, b) => publish(ctx, b.preview_id), {
    summary: "Publishes a preview of the company's (again: the same answer)",
    input: PublishRequest,
    answer: PublishResponse,
    msg: RESOURCE_TEXTS.published,
  });
  dealer.get('/list', searchShared, {
    summary: "Other dealers' shared stock by number (prefix) or name, with their contact",
    input: ResourceListQuery,
    answer: ResourcePage,
  });
  dealer.get('/mine', mine, {
    summary: "The company's own shared stock",
    input: ResourceMineQuery,
    answer: ResourcePage,
  });

  dealer.post('/withdraw', (ctx, b) => withdraw(ctx, b.id), {
    summary: "Withdraws one of the company's entries",
    input: ResourceIdRequest,
    msg: RESOURCE_TEXTS.withdrawn,
  });
};

export default routes;
