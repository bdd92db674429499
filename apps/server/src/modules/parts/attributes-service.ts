import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { productNumbers, products } from '../../db/schema/catalog';
import { refuse } from '../../lib/errors';
import { PRODUCT_NOT_FOUND_TEXT } from './product-detail';

export const ProductAttributes = z.object({
  number_list: z.array(z.object({ factory: z.string(), search_number: z.string() })),
});
export type ProductAttributes = z.infer<typeof ProductAttributes>;

/** The replacement / common numbers of a part (the row's fuller panel on hover). */
export async function getProductAttributes(db: Db, productId: number): Promise<ProductAttributes> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) refuse(PRODUCT_NOT_FOUND_TEXT);
  const rows = await db
    .select({ factory: productNumbers.factory, number: productNumbers.number })
    .from(productNumbers)
    .where(and(eq(productNumbers.productId, productId), eq(productNumbers.kind, 'replacement')))
    .orderBy(asc(productNumbers.id));
  return { number_list: rows.map((r) => ({ factory: r.factory, search_number: r.number })) };
}
