import { getTableName, sql } from 'drizzle-orm';
import {
  productAttributes,
  productCarouselItems,
  productCarousels,
  productKitItems,
  productPictures,
  videos,
} from '../db/schema/product-content';
import { insertRows, type Executor } from './bulk-insert';
import { generatePart, type GeneratedPart, type PartContext } from './parts';
import { Random, fillPattern } from './random';
import { ADVANTAGE_TEXTS, COLORS, DEFAULT_TYPE_NAMES, KIT_CONTENTS, TYPE_NAMES } from './definitions/part-extras';

/**
 * What the part detail shows besides the catalog row, for the first `DETAIL_PARTS` parts (so a
 * million-part catalog costs no more than a small one): gallery pictures, kit contents,
 * attributes, a product-advantage carousel for some, and videos. Deterministic per part.
 */
export const DETAIL_PARTS = 5000;
/** The committed demo video (apps/server/assets/video). */
export const DEMO_VIDEO = '/media/video/banner-promo.mp4';
const PICTURE_VARIANTS = 6;

const STREAM = 101;

function slugOf(part: GeneratedPart): string {
  return /^\/media\/parts\/(.+)-\d+\.svg$/.exec(part.pic)?.[1] ?? 'oil-filter';
}

/** The parts that get details, regenerated from the seed (cheap: a few thousand). */
export function detailParts(ctx: PartContext, total: number): GeneratedPart[] {
  const n = Math.min(total, DETAIL_PARTS);
  const parts: GeneratedPart[] = [];
  for (let id = 1; id <= n; id++) parts.push(generatePart(ctx, id));
  return parts;
}

interface Extras {
  pictures: { productId: number; sort: number; path: string }[];
  kit: { productId: number; oe: string; productName: string; quantity: number; sort: number }[];
  attributes: {
    productId: number;
    box: string;
    typeName: string;
    oeAmount: number;
    shelfName: string;
    color: string;
    description: string;
  }[];
  carousels: { productId: number; description: string; items: string[] }[];
  videos: { productId: number; videoName: string; pic: string; video: string; printCar: string; createdAt: Date }[];
}

export function generateExtras(ctx: PartContext, parts: GeneratedPart[]): Extras {
  const out: Extras = { pictures: [], kit: [], attributes: [], carousels: [], videos: [] };
  for (const part of parts) {
    const rng = new Random(ctx.seed, STREAM, part.id);
    const slug = slugOf(part);
    const first = Number(/-(\d+)\.svg$/.exec(part.pic)?.[1] ?? 1);
    // Gallery: the main picture first, then other drawings of the same kind (2-6 in all).
    const count = rng.int(2, 6);
    for (let i = 0; i < count; i++) {
      const n = ((first - 1 + i) % PICTURE_VARIANTS) + 1;
      out.pictures.push({ productId: part.id, sort: i + 1, path: `/media/parts/${slug}-${n}.svg` });
    }

    const contents = KIT_CONTENTS[slug];
    const isKit =
      contents !== undefined && (part.lNameZh.includes('套件') || part.lNameZh.includes('修理包') || rng.chance(0.4));
    if (isKit) {
      contents.forEach(([name, quantity], i) => {
        out.kit.push({
          productId: part.id,
          oe: i === 0 ? part.oeNumber : fillPattern(rng, `${part.oeNumber.slice(0, 4)}######`),
          productName: name,
          quantity,
          sort: i + 1,
        });
      });
    }

    const types = TYPE_NAMES[slug] ?? DEFAULT_TYPE_NAMES;
    out.attributes.push({
      productId: part.id,
      box: isKit ? '1套/盒' : part.outboxFclQuantity > 0 ? `${rng.pick([1, 2, 4])}个/盒` : '1个/盒',
      typeName: rng.pick(types),
      oeAmount: rng.pick([1, 1, 2, 2, 4]),
      shelfName: fillPattern(rng, '@-##-##'),
      color: rng.pick(COLORS),
      description: `${part.productName}，适用于 ${part.lModelZh}。${rng.pick(ADVANTAGE_TEXTS)}。`,
    });

    if (rng.chance(0.15)) {
      const items = Array.from(
        { length: rng.int(2, 4) },
        (_, i) => `/media/parts/${slug}-${((first + i) % PICTURE_VARIANTS) + 1}.svg`,
      );
      out.carousels.push({ productId: part.id, description: rng.pick(ADVANTAGE_TEXTS), items });
    }

    if (rng.chance(0.06)) {
      out.videos.push({
        productId: part.id,
        videoName: `${part.productName} ${rng.pick(['安装视频', '拆装教程', '产品介绍'])}`,
        pic: part.pic,
        video: DEMO_VIDEO,
        printCar: part.lModelZh.split(' / ')[0] ?? '',
        createdAt: new Date(ctx.referenceDate.getTime() - rng.int(0, 180 * 24 * 3600) * 1000),
      });
    }
  }
  return out;
}

/** Inserts the details of the first DETAIL_PARTS parts. */
export async function insertPartExtras(db: Executor, ctx: PartContext, parts: GeneratedPart[]): Promise<void> {
  const extras = generateExtras(ctx, parts);
  await insertRows(
    db,
    productPictures,
    [
      { column: productPictures.productId, type: 'int4', value: (r) => r.productId },
      { column: productPictures.sort, type: 'int2', value: (r) => r.sort },
      { column: productPictures.path, type: 'text', value: (r) => r.path },
    ],
    extras.pictures,
  );
  await insertRows(
    db,
    productKitItems,
    [
      { column: productKitItems.productId, type: 'int4', value: (r) => r.productId },
      { column: productKitItems.oe, type: 'text', value: (r) => r.oe },
      { column: productKitItems.productName, type: 'text', value: (r) => r.productName },
      { column: productKitItems.quantity, type: 'int4', value: (r) => r.quantity },
      { column: productKitItems.sort, type: 'int2', value: (r) => r.sort },
    ],
    extras.kit,
  );
  await insertRows(
    db,
    productAttributes,
    [
      { column: productAttributes.productId, type: 'int4', value: (r) => r.productId },
      { column: productAttributes.box, type: 'text', value: (r) => r.box },
      { column: productAttributes.typeName, type: 'text', value: (r) => r.typeName },
      { column: productAttributes.oeAmount, type: 'int4', value: (r) => r.oeAmount },
      { column: productAttributes.shelfName, type: 'text', value: (r) => r.shelfName },
      { column: productAttributes.color, type: 'text', value: (r) => r.color },
      { column: productAttributes.description, type: 'text', value: (r) => r.description },
    ],
    extras.attributes,
  );
  // Carousels get ids in part order (1, 2, ...), so their items can be inserted in one go.
  const carousels = extras.carousels.map((c, i) => ({ ...c, id: i + 1 }));
  await insertRows(
    db,
    productCarousels,
    [
      { column: productCarousels.id, type: 'int4', value: (r) => r.id },
      { column: productCarousels.productId, type: 'int4', value: (r) => r.productId },
      { column: productCarousels.description, type: 'text', value: (r) => r.description },
    ],
    carousels,
  );
  await insertRows(
    db,
    productCarouselItems,
    [
      { column: productCarouselItems.carouselId, type: 'int4', value: (r) => r.carouselId },
      { column: productCarouselItems.sort, type: 'int2', value: (r) => r.sort },
      { column: productCarouselItems.filePath, type: 'text', value: (r) => r.path },
    ],
    carousels.flatMap((c) => c.items.map((path, i) => ({ carouselId: c.id, sort: i + 1, path }))),
  );
  if (carousels.length > 0) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${getTableName(productCarousels)}, 'id'), ${carousels.length})`,
    );
  }
  await insertRows(
    db,
    videos,
    [
      { column: videos.productId, type: 'int4', value: (r) => r.productId },
      { column: videos.videoName, type: 'text', value: (r) => r.videoName },
      { column: videos.pic, type: 'text', value: (r) => r.pic },
      { column: videos.video, type: 'text', value: (r) => r.video },
      { column: videos.printCar, type: 'text', value: (r) => r.printCar },
      { column: videos.createdAt, type: 'timestamptz', value: (r) => r.createdAt.toISOString() },
    ],
    extras.videos,
  );
}
