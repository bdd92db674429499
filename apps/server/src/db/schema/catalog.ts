import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idRef, moment, money, timestamps, writtenAt } from './columns';

/** A part the row is about; the row goes when the part goes. */
export const productRef = () => idRef(() => products.id, { onDelete: 'cascade' });

/** A warehouse of the row (1 广州仓, 2 北京仓). */
export const warehouseRef = () =>
  smallint()
    .notNull()
    .references(() => warehouses.id);

/**
 * The catalog: vehicles (makes, series, models), the three-level category tree, products with
 * their numbers, fitment, prices per price label key, and stock per warehouse.
 *
 * Part numbers are kept as shown and normalised (normalizePartNumber in packages/core: upper
 * case, letters and digits only). Normalised numbers are indexed with text_pattern_ops, so one
 * btree serves both `= 'A0004200420'` and `like 'A000420%'` whatever the database collation.
 */

/** A vehicle make (奔驰 / Mercedes-Benz). `name_zh` is the brand_name_zh filter and make_name. */
export const makes = pgTable(
  'makes',
  {
    id: serial().primaryKey(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('makes_name_zh_key').on(t.nameZh)],
);

/** A vehicle series of a make (宝马 5系). */
export const vehicleSeries = pgTable(
  'vehicle_series',
  {
    id: serial().primaryKey(),
    makeId: idRef(() => makes.id),
    /** Series name without the make ('5系'); shown as '宝马5系'. */
    nameZh: text().notNull(),
    pic: text().notNull().default(''),
    sort: integer().notNull().default(0),
  },
  (t) => [index('vehicle_series_make_idx').on(t.makeId)],
);

/** A vehicle model of a series: one engine / transmission / years combination. */
export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: serial().primaryKey(),
    seriesId: idRef(() => vehicleSeries.id),
    /** Model name shown as vehicle_group ('530Li 领先型 M运动套装'). */
    nameZh: text().notNull(),
    /** Chassis / generation code ('G38'). */
    chassisCode: text().notNull().default(''),
    engineCode: text().notNull(),
    transmission: text().notNull(),
    /** As shown: '2.0T', '2.5L'. */
    displacement: text().notNull(),
    yearFrom: smallint().notNull(),
    /** null: still built. */
    yearTo: smallint(),
    /** 轿车, SUV, MPV, 跑车 ... */
    vehicleType: text().notNull(),
    pic: text().notNull().default(''),
  },
  (t) => [index('vehicle_models_series_idx').on(t.seriesId), index('vehicle_models_engine_idx').on(t.engineCode)],
);

/**
 * The category tree (product types): level 1 are the five groups of the mega-panel, products
 * hang on level 3.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    parentId: integer(),
    level: smallint().notNull(),
    lNameZh: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId, t.sort),
    check('categories_level_check', sql`${t.level} between 1 and 3`),
  ],
);

export const SCM_CLASSIFICATIONS = ['A', 'XA', 'B', 'XB', 'C', 'XC', 'D', 'XD'] as const;
export type ScmClassification = (typeof SCM_CLASSIFICATIONS)[number];

/** A part sold by the shop. */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    /** The brand's own code as shown, and normalised. */
    freyNo: text().notNull(),
    freyNoNorm: text().notNull(),
    /** The main OE number as shown, and normalised (it is also in product_numbers, kind 'oe'). */
    oeNumber: text().notNull(),
    oeNumberNorm: text().notNull(),
    /** Chinese part name ('前刹车片'). */
    lNameZh: text().notNull(),
    /** Full display name ('宝马5系 前刹车片'). */
    productName: text().notNull(),
    /** The vehicle make (brand_name; filtered by brand_name_zh). */
    makeId: idRef(() => makes.id),
    /** Level-3 category. */
    categoryId: idRef(() => categories.id),
    /** Fitting vehicles as one text ('宝马 5系 G38 2017-2023 / 宝马 X3 G08 2018-'). */
    lModelZh: text().notNull().default(''),
    /** Engine codes, comma-separated. */
    engines: text().notNull().default(''),
    /** Units per carton; 0 when not sold by the carton. */
    outboxFclQuantity: integer().notNull().default(0),
    scmClassification: text().$type<ScmClassification>().notNull().default('C'),
    /** Days the stock lasts at the current sales rate (tight under 7). */
    consumableDays: integer().notNull().default(0),
    isComingSoon: smallint().notNull().default(0),
    isDelisting: smallint().notNull().default(0),
    isOrderable: smallint().notNull().default(1),
    /** Set when the part is a new arrival (newest first). */
    newArrivalAt: moment(),
    /** Position among the hot recommendations (1 first); null when not recommended. */
    hotRecommendRank: integer(),
    /** Main picture path (served by /media). */
    pic: text().notNull().default(''),
    /**
     * Copies kept by triggers (migration 0008) for the part rows, read with the part instead of
     * from 5 price rows and the cross-reference table for every row shown: every price of the
     * part (price_key → amount as text, from product_prices) and its first replacement numbers
     * (by id, as search_numbers shows them, from product_numbers). Written only by the triggers.
     */
    rowPrices: jsonb().$type<Record<string, string>>().notNull().default({}),
    rowSearchNumbers: jsonb().$type<{ factory: string; search_number: string }[]>().notNull().default([]),
    /**
     * More copies for the part rows (migration 0012), kept by triggers in the same way: the stock
     * of each warehouse ([warehouse, available, in transit] from product_stocks, by warehouse),
     * the first video (videos, by id; '' for none) and whether the part has an advantage
     * carousel (product_carousels).
     */
    rowStocks: jsonb().$type<[number, number, number][]>().notNull().default([]),
    rowVideo: text().notNull().default(''),
    rowHasCarousel: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('products_frey_no_norm_key').on(t.freyNoNorm.op('text_pattern_ops')),
    // With the id, a category's or a make's page comes in id order straight from the index.
    index('products_category_idx').on(t.categoryId, t.id),
    index('products_make_idx').on(t.makeId, t.id),
    /**
     * The Chinese name search (modules/search): names in ranking order (shorter first), so the
     * distinct names are walked with a skip scan and each matching name's parts read in id order.
     */
    index('products_name_order_idx').on(sql`length(${t.lNameZh})`, t.lNameZh, t.id),
    index('products_new_arrival_idx')
      .on(t.newArrivalAt.desc(), t.id)
      .where(sql`${t.newArrivalAt} is not null`),
    index('products_hot_recommend_idx')
      .on(t.hotRecommendRank)
      .where(sql`${t.hotRecommendRank} is not null`),
    check('products_scm_classification_check', sql`${t.scmClassification} in ('A','XA','B','XB','C','XC','D','XD')`),
  ],
);

/**
 * Kinds of cross-reference numbers: the maker's OE numbers, other makers' replacement / common
 * numbers, old superseded numbers, and extra search numbers (other spellings, old own codes).
 */
export const productNumberKind = pgEnum('product_number_kind', ['oe', 'replacement', 'old', 'search']);
export type ProductNumberKind = (typeof productNumberKind.enumValues)[number];

/** Every number a product can be found by, besides its own code. */
export const productNumbers = pgTable(
  'product_numbers',
  {
    id: serial().primaryKey(),
    productId: productRef(),
    kind: productNumberKind().notNull(),
    /** Who issued the number ('奔驰', 'BOSCH', 'TRW'). */
    factory: text().notNull(),
    /** As shown ('A 000 420 04 20'). */
    number: text().notNull(),
    numberNorm: text().notNull(),
  },
  (t) => [
    index('product_numbers_norm_idx').on(t.numberNorm.op('text_pattern_ops')),
    index('product_numbers_product_idx').on(t.productId),
  ],
);

/** Which vehicle models a product fits. */
export const productFitments = pgTable(
  'product_fitments',
  {
    productId: productRef(),
    modelId: idRef(() => vehicleModels.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modelId] }), index('product_fitments_model_idx').on(t.modelId)],
);

/** A product's price per price label key (the keys of the variant's priceLabels). */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: productRef(),
    priceKey: text().notNull(),
    amount: money().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.priceKey] })],
);

/** Warehouses: 1 广州仓, 2 北京仓 (reference data, inserted by a migration). */
export const warehouses = pgTable('warehouses', {
  id: smallint().primaryKey(),
  nameZh: text().notNull(),
});

/** Stock of a product in a warehouse. Orders decrement `available` with a conditional update. */
export const productStocks = pgTable(
  'product_stocks',
  {
    productId: productRef(),
    warehouseId: warehouseRef(),
    available: integer().notNull().default(0),
    inTransit: integer().notNull().default(0),
    updatedAt: writtenAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId] }),
    check('product_stocks_available_check', sql`${t.available} >= 0`),
  ],
);
