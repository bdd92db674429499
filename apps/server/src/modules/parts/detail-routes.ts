import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { ProductDetail } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext } from '../catalog/product-rows';
import { getProductDetail } from './product-detail';

const DetailRequest = z.object({
  id: idInput('商品编号不正确'),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});

/** /api/Shop.Accessories/*: the part detail (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  dealerRoutes(app, 'parts').get(
    '/getDetail',
    (ctx, q) => getProductDetail(ctx.db, rowContext(ctx, q.warehouse), q.id),
    {
      summary: 'Part detail (row fields, gallery, kit, vehicles, numbers, purchase records, carousel, attributes)',
      description: 'Viewing a detail records it in the browsing history. Unknown id: 商品不存在.',
      input: DetailRequest,
      answer: ProductDetail,
    },
  );
};

export default routes;
