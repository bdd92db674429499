import { getBrandVariant } from '@shop/core/brand-variants';
import { normalizePartNumber } from '@shop/core/part-number';
import { categories, makes, productPrices, products, productStocks } from '../src/db/schema/catalog';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/test-app';
import { insertAddress } from './orders-test-data';

export type ShopPart = 'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6' | 'p7';

const NAMES = ['前刹车片', '后刹车片', '机油滤清器', '空气滤清器', '火花塞', '雨刮片', '正时皮带'];

/**
 * The test app with a small catalog of its own (one make, one category): parts p1..p7 priced
 * 100 + id under every price label of the brand, with 50 units in each warehouse.
 */
export async function createShop(options: TestAppOptions = {}): Promise<{ t: TestApp; ids: Record<ShopPart, number> }> {
  const t = await createTestApp(options);
  const [make] = await t.db.insert(makes).values({ nameZh: '宝马', nameEn: 'BMW' }).returning({ id: makes.id });
  const [top] = await t.db
    .insert(categories)
    .values({ level: 1, lNameZh: '制动系统' })
    .returning({ id: categories.id });
  const [mid] = await t.db
    .insert(categories)
    .values({ level: 2, parentId: top!.id, lNameZh: '刹车' })
    .returning({ id: categories.id });
  const [leaf] = await t.db
    .insert(categories)
    .values({ level: 3, parentId: mid!.id, lNameZh: '刹车片' })
    .returning({ id: categories.id });
  const priceKeys = getBrandVariant(t.config.BRAND).priceLabels.map((l) => l.key);
  const ids = {} as Record<ShopPart, number>;
  for (const [i, name] of NAMES.entries()) {
    const freyNo = `OT-${1001 + i}`;
    const oe = `34 11 6 ${850 + i} 100`;
    const [row] = await t.db
      .insert(products)
      .values({
        freyNo,
        freyNoNorm: normalizePartNumber(freyNo),
        oeNumber: oe,
        oeNumberNorm: normalizePartNumber(oe),
        lNameZh: name,
        productName: `宝马5系 ${name}`,
        makeId: make!.id,
        categoryId: leaf!.id,
        lModelZh: '宝马 5系',
        pic: `/media/parts/ot-${i + 1}.svg`,
      })
      .returning({ id: products.id });
    const id = row!.id;
    ids[`p${i + 1}` as ShopPart] = id;
    await t.db
      .insert(productPrices)
      .values(priceKeys.map((priceKey, k) => ({ productId: id, priceKey, amount: (100 + 10 * k + id).toFixed(2) })));
    await t.db.insert(productStocks).values([
      { productId: id, warehouseId: 1, available: 50 },
      { productId: id, warehouseId: 2, available: 50 },
    ]);
  }
  return { t, ids };
}

/** The shop with the demo staff and aMain's main address: orders placed, shipped and returned through the API. */
export async function createStaffedShop(): Promise<{
  t: TestApp;
  ids: Record<ShopPart, number>;
  staff: StaffClient;
  address: number;
}> {
  const { t, ids } = await createShop();
  const staff = await withDemoStaff(t);
  const a = t.fixtures.accounts.aMain;
  return { t, ids, staff, address: await insertAddress(t.db, a.companyId, a.id, { isMain: true }) };
}
