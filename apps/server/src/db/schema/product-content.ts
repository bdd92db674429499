import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { idRef, writtenAt } from './columns';
import { products } from './catalog';
import { productRef } from './owner-columns';

/**
 * What the part detail shows besides the catalog row: the gallery, kit contents, attributes,
 * the product-advantage carousel and related videos (spec.md section 3, 'Product detail').
 */

/** Gallery pictures of a product in order (the detail shows at most the variant's galleryMaxPictures). */
export const productPictures = pgTable(
  'product_pictures',
  {
    productId: productRef(),
    sort: smallint().notNull(),
    /** Picture path (served by /media), 400x244. */
    path: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sort] })],
);

/** The parts a kit contains (l_spec_zh_list: oe, product_name, number = quantity). */
export const productKitItems = pgTable(
  'product_kit_items',
  {
    id: serial().primaryKey(),
    productId: productRef(),
    oe: text().notNull(),
    productName: text().notNull(),
    quantity: integer().notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('product_kit_items_product_idx').on(t.productId)],
);

/** Attributes shown in the detail's info tab. */
export const productAttributes = pgTable('product_attributes', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Packing ('1套/盒'). */
  box: text().notNull().default(''),
  /** Type ('陶瓷', '半金属'). */
  typeName: text().notNull().default(''),
  /** Quantity used per vehicle. */
  oeAmount: integer().notNull().default(1),
  shelfName: text().notNull().default(''),
  color: text().notNull().default(''),
  /** Shown for one variant only (showAttributeDescription). */
  description: text().notNull().default(''),
});

/** The product-advantage carousel of a product (at most one per product). */
export const productCarousels = pgTable('product_carousels', {
  id: serial().primaryKey(),
  productId: integer()
    .notNull()
    .unique()
    .references(() => products.id, { onDelete: 'cascade' }),
  description: text().notNull().default(''),
});

export const productCarouselItems = pgTable(
  'product_carousel_items',
  {
    carouselId: idRef(() => productCarousels.id, { onDelete: 'cascade' }),
    sort: smallint().notNull(),
    /** Picture path (file_path_text). */
    filePath: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.carouselId, t.sort] })],
);

/** Installation and product videos, searched by product name (Tools.Video/search). */
export const videos = pgTable(
  'videos',
  {
    id: serial().primaryKey(),
    /** The product the video is about, when it is about one. */
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    videoName: text().notNull(),
    /** Cover picture path. */
    pic: text().notNull(),
    /** Video path. */
    video: text().notNull(),
    /** Vehicle the video shows ('宝马5系 G38'). */
    printCar: text().notNull().default(''),
    createdAt: writtenAt(),
  },
  (t) => [index('videos_product_idx').on(t.productId)],
);
