import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ProductDetail } from '@shop/core/api/parts';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { Db } from '../../db/client';
import { makes, productFitments, productNumbers, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import { orderItems, orders } from '../../db/schema/orders';
import {
  productAttributes,
  productCarouselItems,
  productCarousels,
  productKitItems,
  productPictures,
} from '../../db/schema/product-content';
import { chinaDateTime } from '../../lib/china-time';
import type { DealerCaller } from '../../platform/request-context';
import { money } from '@shop/core/money';
import { fittedModels } from '../catalog/fitted-models';
import { orderStatusText } from './order-status';

/** Purchase records shown in the detail (newest first). */
export const ORDER_LIST_LIMIT = 50;

const NO_ATTRIBUTES: ProductDetail['attributes'] = {
  box: '',
  type_name: '',
  oe_amount: 1,
  shelf_name: '',
  color: '',
  description: '',
};

export async function loadKit(db: Db, productId: number): Promise<ProductDetail['l_spec_zh_list']> {
  const rows = await db
    .select({ oe: productKitItems.oe, productName: productKitItems.productName, quantity: productKitItems.quantity })
    .from(productKitItems)
    .where(eq(productKitItems.productId, productId))
    .orderBy(asc(productKitItems.sort), asc(productKitItems.id));
  return rows.map((r) => ({ oe: r.oe, product_name: r.productName, number: r.quantity }));
}

/** The gallery, at most `max` pictures; the main picture alone when the part has no gallery. */
export async function loadGallery(db: Db, productId: number, mainPic: string, max: number): Promise<string[]> {
  const rows = await db
    .select({ path: productPictures.path })
    .from(productPictures)
    .where(eq(productPictures.productId, productId))
    .orderBy(asc(productPictures.sort))
    .limit(max);
  if (rows.length > 0) return rows.map((r) => r.path);
  return mainPic ? [mainPic] : [];
}

function yearText(from: number, to: number | null): string {
  return to === null ? `${from}-` : `${from}-${to}`;
}

/** Fitting models grouped by series (in series order). */
export async function loadCarList(db: Db, productId: number): Promise<ProductDetail['carlist']> {
  const rows = await fittedModels(
    db,
    {
      seriesId: vehicleSeries.id,
      makeName: makes.nameZh,
      seriesName: vehicleSeries.nameZh,
      seriesPic: vehicleSeries.pic,
      modelName: vehicleModels.nameZh,
      engine: vehicleModels.engineCode,
      transmission: vehicleModels.transmission,
      displacement: vehicleModels.displacement,
      yearFrom: vehicleModels.yearFrom,
      yearTo: vehicleModels.yearTo,
      modelPic: vehicleModels.pic,
    },
    eq(productFitments.productId, productId),
    [
      asc(makes.sort),
      asc(vehicleSeries.sort),
      asc(vehicleSeries.id),
      asc(vehicleModels.yearFrom),
      asc(vehicleModels.id),
    ],
  );
  const groups = new Map<number, ProductDetail['carlist'][number]>();
  for (const r of rows) {
    const vehicleSys = `${r.makeName}${r.seriesName}`;
    let group = groups.get(r.seriesId);
    if (!group) {
      group = { series_name: vehicleSys, img: r.seriesPic, list: [] };
      groups.set(r.seriesId, group);
    }
    group.list.push({
      vehicle_sys: vehicleSys,
      vehicle_group: r.modelName,
      engine_name: r.engine,
      transmission: r.transmission,
      displacement: r.displacement,
      year: yearText(r.yearFrom, r.yearTo),
      image: r.modelPic,
    });
  }
  return [...groups.values()];
}

/** OE numbers first, then replacement / common numbers. */
export async function loadOeList(db: Db, productId: number): Promise<ProductDetail['oe_list']> {
  const rows = await db
    .select({ kind: productNumbers.kind, factory: productNumbers.factory, number: productNumbers.number })
    .from(productNumbers)
    .where(and(eq(productNumbers.productId, productId), inArray(productNumbers.kind, ['oe', 'replacement'])))
    .orderBy(asc(productNumbers.kind), asc(productNumbers.id));
  return rows.map((r) => ({ factory: r.factory, display_number: r.number }));
}

/** The company's purchases of the part: only purchase or main accounts see them. */
export async function loadOrderList(
  db: Db,
  productId: number,
  auth: DealerCaller,
): Promise<ProductDetail['order_list']> {
  if (!auth.isMain && !auth.isPurchase) return [];
  const rows = await db
    .select({
      createdAt: orders.createdAt,
      ordersNo: orders.ordersNo,
      orderId: orders.id,
      status: orders.status,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.companyId, auth.companyId), eq(orderItems.productId, productId)))
    .orderBy(desc(orderItems.createdAt), desc(orderItems.id))
    .limit(ORDER_LIST_LIMIT);
  return rows.map((r) => ({
    create_date: chinaDateTime(r.createdAt),
    orders_no: r.ordersNo,
    orders_id: r.orderId,
    status_cn: orderStatusText(r.status),
    quantity: r.quantity,
    price: money(r.price),
  }));
}

export async function loadCarousel(db: Db, productId: number): Promise<ProductDetail['product_carousel']> {
  const [carousel] = await db
    .select({ id: productCarousels.id, description: productCarousels.description })
    .from(productCarousels)
    .where(eq(productCarousels.productId, productId));
  if (!carousel) return null;
  const items = await db
    .select({ path: productCarouselItems.filePath })
    .from(productCarouselItems)
    .where(eq(productCarouselItems.carouselId, carousel.id))
    .orderBy(asc(productCarouselItems.sort));
  return {
    product_carousel_id: carousel.id,
    description: carousel.description,
    items: items.map((i) => ({ file_path_text: i.path })),
  };
}

export async function loadAttributes(
  db: Db,
  productId: number,
  showDescription: boolean,
): Promise<ProductDetail['attributes']> {
  const [row] = await db.select().from(productAttributes).where(eq(productAttributes.productId, productId));
  if (!row) return NO_ATTRIBUTES;
  return {
    box: row.box,
    type_name: row.typeName,
    oe_amount: row.oeAmount,
    shelf_name: row.shelfName,
    color: row.color,
    description: showDescription ? row.description : '',
  };
}

/** Kit contents as one text ('前刹车片 ×2；刹车片报警线 ×1'), '' when the part is no kit. */
function kitText(kit: ProductDetail['l_spec_zh_list']): string {
  return kit.map((k) => `${k.product_name} ×${k.number}`).join('；');
}

/** Everything the detail shows besides the row fields. */
export async function loadDetailExtras(
  db: Db,
  productId: number,
  mainPic: string,
  auth: DealerCaller,
  variant: BrandVariant,
): Promise<Pick<ProductDetail, DetailExtraKey>> {
  const [kit, gallery, carlist, oeList, orderList, carousel, attributes] = await Promise.all([
    loadKit(db, productId),
    loadGallery(db, productId, mainPic, variant.galleryMaxPictures),
    loadCarList(db, productId),
    loadOeList(db, productId),
    loadOrderList(db, productId, auth),
    loadCarousel(db, productId),
    loadAttributes(db, productId, variant.showAttributeDescription),
  ]);
  return {
    l_spec_zh: kitText(kit),
    l_spec_zh_list: kit,
    pic: gallery,
    carlist,
    oe_list: oeList,
    order_list: orderList,
    product_carousel: carousel,
    attributes,
  };
}

/** The fields the detail adds to the row (on_way_stock comes from the row's in-transit stock). */
export type DetailExtraKey =
  'l_spec_zh' | 'l_spec_zh_list' | 'pic' | 'carlist' | 'oe_list' | 'order_list' | 'product_carousel' | 'attributes';
