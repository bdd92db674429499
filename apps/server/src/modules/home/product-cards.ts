import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductCard } from '@shop/core/api/home';
import type { Db } from '../../db/client';
import { money } from '@shop/core/money';
import { productPrices, products } from '../../db/schema/catalog';
import { partQuantityInCart } from '../cart/service';

/**
 * Product cards (image, name, OE number, vehicle model, price) as the home page, hot
 * recommendations and new arrivals show them. The price is the product's amount for the
 * variant's first price label; is_buy says whether the caller's company has ordered the part,
 * cart_number how many are in its cart (both warehouses).
 */
export interface CardQuery {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset?: number;
  /** The variant's first price label key. */
  priceKey: string;
  /** The caller's company: whether it bought each part and how many are in its cart. */
  companyId: number;
}

export async function loadProductCards(db: Db, query: CardQuery): Promise<ProductCard[]> {
  const rows = await db
    .select({
      id: products.id,
      pic: products.pic,
      productName: products.productName,
      lNameZh: products.lNameZh,
      oeNumber: products.oeNumber,
      lModelZh: products.lModelZh,
      amount: productPrices.amount,
      isBuy: sql<boolean>`exists(select 1 from order_items oi
        where oi.company_id = ${query.companyId} and oi.product_id = ${products.id})`,
      cartNumber: partQuantityInCart(query.companyId, sql`${products.id}`),
    })
    .from(products)
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceKey, query.priceKey)))
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return rows.map((row) => ({
    product_id: row.id,
    pic: row.pic,
    product_name: row.productName,
    l_name_zh: row.lNameZh,
    number: row.oeNumber,
    l_model_zh: row.lModelZh,
    sales_price: money(row.amount),
    is_buy: row.isBuy ? 1 : 0,
    cart_number: Number(row.cartNumber),
  }));
}
