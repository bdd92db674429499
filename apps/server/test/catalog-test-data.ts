import { eq } from 'drizzle-orm';
import { normalizePartNumber } from '@shop/core/part-number';
import { getBrandVariant, type BrandKey } from '@shop/core/brand-variants';
import type { Db } from '../src/db/client';
import {
  categories,
  productFitments,
  productNumbers,
  productPrices,
  products,
  productStocks,
  type ProductNumberKind,
} from '../src/db/schema/catalog';
import { insertReferenceData } from '../src/demo/reference-data';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A small, fully known catalog for the search and list tests: the demo reference data (makes,
 * series, models, categories) and a handful of parts with chosen numbers and names.
 */
export interface PartSpec {
  freyNo: string;
  oe: string;
  name: string;
  make: string;
  /** Series of the make the part fits. */
  series: string[];
  category: string;
  numbers?: { kind: ProductNumberKind; factory: string; number: string }[];
  stock?: { guangzhou: [number, number]; beijing: [number, number] };
  hotRank?: number;
}

export const PARTS = {
  frontPads: {
    freyNo: 'FR-BK-1001',
    oe: 'A 000 420 04 20',
    name: '前刹车片',
    make: '宝马',
    series: ['5系'],
    category: '刹车片',
    numbers: [
      { kind: 'replacement', factory: 'TRW', number: 'GDB 1234' },
      { kind: 'old', factory: '宝马', number: 'A 000 420 03 20' },
    ],
    stock: { guangzhou: [5, 2], beijing: [150, 3] },
  },
  rearPads: {
    freyNo: 'FR-BK-1002',
    oe: 'A 000 420 04 21',
    name: '后刹车片',
    make: '宝马',
    series: ['3系', 'X5'],
    category: '刹车片',
    hotRank: 2,
  },
  pads: { freyNo: 'FR-BK-1003', oe: 'ZK 77 001', name: '刹车片', make: '宝马', series: ['5系'], category: '刹车片' },
  oilFilter: {
    freyNo: 'FR-OF-2001',
    oe: '11 42 7 953 129',
    name: '机油滤清器',
    make: '奔驰',
    series: ['C级'],
    category: '机油滤清器',
    hotRank: 1,
  },
  airFilter: {
    freyNo: 'FR-AF-2002',
    oe: 'ZK 77 002',
    name: '空气滤清器',
    make: '奔驰',
    series: ['E级'],
    category: '空气滤清器',
  },
  /** Own code equal to the front pads' replacement number. */
  gdb: { freyNo: 'GDB1234', oe: 'ZK 77 003', name: '火花塞', make: '奔驰', series: ['C级'], category: '火花塞' },
  /** Own code starting with that number. */
  gdbLonger: {
    freyNo: 'GDB12345',
    oe: 'ZK 77 004',
    name: '铱金火花塞',
    make: '奔驰',
    series: ['C级'],
    category: '火花塞',
  },
} satisfies Record<string, PartSpec>;

export type PartKey = keyof typeof PARTS;

export interface CatalogData {
  ids: Record<PartKey, number>;
  categoryIds: Map<string, number>;
}

export async function insertCatalog(db: Db, brand: BrandKey): Promise<CatalogData> {
  const refs = await insertReferenceData(db);
  const categoryIds = new Map(
    (await db.select({ id: categories.id, name: categories.lNameZh }).from(categories)).map((c) => [c.name, c.id]),
  );
  const priceKeys = getBrandVariant(brand).priceLabels.map((l) => l.key);
  const ids = {} as Record<PartKey, number>;
  for (const [key, spec] of Object.entries(PARTS) as [PartKey, PartSpec][]) {
    const make = refs.makes.find((m) => m.def.nameZh === spec.make)!;
    const [row] = await db
      .insert(products)
      .values({
        freyNo: spec.freyNo,
        freyNoNorm: normalizePartNumber(spec.freyNo),
        oeNumber: spec.oe,
        oeNumberNorm: normalizePartNumber(spec.oe),
        lNameZh: spec.name,
        productName: `${spec.make}${spec.series[0]} ${spec.name}`,
        makeId: make.id,
        categoryId: categoryIds.get(spec.category)!,
        lModelZh: `${spec.make} ${spec.series.join(' / ')}`,
        engines: 'B48,N20',
        outboxFclQuantity: 10,
        scmClassification: 'A',
        consumableDays: 12,
        hotRecommendRank: spec.hotRank ?? null,
        pic: `/media/parts/${key}.svg`,
      })
      .returning({ id: products.id });
    const id = row!.id;
    ids[key] = id;
    const numbers = [{ kind: 'oe' as const, factory: spec.make, number: spec.oe }, ...(spec.numbers ?? [])];
    await db
      .insert(productNumbers)
      .values(numbers.map((n) => ({ productId: id, ...n, numberNorm: normalizePartNumber(n.number) })));
    const models = make.series.filter((s) => spec.series.includes(s.def.name)).flatMap((s) => s.models);
    await db.insert(productFitments).values(models.map((m) => ({ productId: id, modelId: m.id })));
    await db
      .insert(productPrices)
      .values(priceKeys.map((priceKey, i) => ({ productId: id, priceKey, amount: (100 + 10 * i + id).toFixed(2) })));
    const stock = spec.stock ?? { guangzhou: [0, 0], beijing: [0, 0] };
    await db.insert(productStocks).values([
      { productId: id, warehouseId: 1, available: stock.guangzhou[0], inTransit: stock.guangzhou[1] },
      { productId: id, warehouseId: 2, available: stock.beijing[0], inTransit: stock.beijing[1] },
    ]);
  }
  return { ids, categoryIds };
}

/** The id of a category by name. */
export async function categoryId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.lNameZh, name));
  return row!.id;
}

/** A test app with the catalogue inserted: the usual start of a catalogue test file. */
export async function createCatalogApp(): Promise<{ t: TestApp; data: CatalogData }> {
  const t = await createTestApp();
  return { t, data: await insertCatalog(t.db, t.config.BRAND) };
}
