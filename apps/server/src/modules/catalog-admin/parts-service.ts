import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  FREY_NO_TAKEN_TEXT,
  PART_CHANGED_TEXT,
  PART_NOT_FOUND_TEXT,
  type AdminPartDetail,
  type AdminPartListQuery,
  type AdminPartListResponse,
  type PartInput,
  type PartUpdate,
} from '@shop/core/api/admin-catalog';
import { normalizePartNumber } from '@shop/core/part-number';
import type { Db } from '../../db/client';
import { categories, makes, productFitments, productNumbers, products, vehicleModels } from '../../db/schema/catalog';
import {
  productAttributes,
  productCarouselItems,
  productCarousels,
  productPictures,
  videos,
} from '../../db/schema/product-content';
import { chinaDateTime } from '../../lib/china-time';
import type { Executor } from '../../lib/events';
import { containsPattern } from '../../lib/like-pattern';
import { refuse } from '../../lib/errors';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AuditActor } from '../staff/audit';
import { catalogChange, replaceRows } from './catalog-change';
import { refreshFitmentTexts } from './fitment-text';

/**
 * The back office's parts (permission catalog.manage). A save writes the part, its numbers,
 * fitments, attributes and media in one transaction with its audit entry (the whole part before
 * and after). The search columns the dealer's search reads are the tables themselves
 * (products.frey_no_norm, product_numbers.number_norm) and the copies the triggers keep on
 * products (migrations 0008, 0012), so an edit is found at once; the cached name lists of this
 * process are dropped after the commit (ttl-cache.ts).
 *
 * Concurrent edits: the detail carries `version` (updated_at in microseconds); a save names the
 * version it started from, locks the row and is refused with PART_CHANGED_TEXT when the part has
 * moved on since, so the later save never silently undoes the earlier one.
 */
const VERSION = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

/** The list: own code, any number or part of the name; filters by category, make and flag. */
export async function listParts(db: Db, q: AdminPartListQuery): Promise<AdminPartListResponse> {
  const where: SQL[] = [];
  if (q.keyword) {
    const norm = normalizePartNumber(q.keyword);
    // "products"."id" in full: drizzle writes a column of a one-table select without its table.
    const byNumber = norm
      ? sql`${products.freyNoNorm} like ${`${norm}%`} or ${products.oeNumberNorm} like ${`${norm}%`}
          or exists (select 1 from ${productNumbers} n where n.product_id = "products"."id"
            and n.number_norm like ${`${norm}%`})`
      : sql`false`;
    const named = containsPattern(q.keyword);
    where.push(sql`(${byNumber} or ${products.lNameZh} ilike ${named} or ${products.productName} ilike ${named})`);
  }
  if (q.category_id) {
    // A category and every category below it (three levels at most).
    where.push(sql`${products.categoryId} in (select id from ${categories} c where c.id = ${q.category_id}
      or c.parent_id = ${q.category_id}
      or c.parent_id in (select id from ${categories} p where p.parent_id = ${q.category_id}))`);
  }
  if (q.make_id) where.push(eq(products.makeId, q.make_id));
  if (q.flag === 'coming_soon') where.push(eq(products.isComingSoon, 1));
  if (q.flag === 'delisting') where.push(eq(products.isDelisting, 1));
  if (q.flag === 'not_orderable') where.push(eq(products.isOrderable, 0));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(condition);
  const rows = await db
    .select({
      id: products.id,
      frey_no: products.freyNo,
      oe_number: products.oeNumber,
      l_name_zh: products.lNameZh,
      product_name: products.productName,
      make_name: makes.nameZh,
      category_name: categories.lNameZh,
      is_coming_soon: products.isComingSoon,
      is_delisting: products.isDelisting,
      is_orderable: products.isOrderable,
      pic: products.pic,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(condition)
    .orderBy(asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total: count?.n ?? 0,
    page: q.page,
    limit: q.limit,
    list: rows.map(({ updatedAt, ...r }) => ({ ...r, updated_at: chinaDateTime(updatedAt) })),
  };
}

type Reader = Pick<Db, 'select'>;

/** The whole part as the edit form shows it (and the audit log keeps it), or null. */
export async function partDetail(db: Reader, id: number, lock = false): Promise<AdminPartDetail | null> {
  const base = db.select({ p: products, version: VERSION }).from(products).where(eq(products.id, id));
  const [row] = await (lock ? base.for('update') : base);
  if (!row) return null;
  const p = row.p;
  const [numbers, fitments, [attributes], pictures, [carousel], partVideos] = await Promise.all([
    db
      .select({ kind: productNumbers.kind, factory: productNumbers.factory, number: productNumbers.number })
      .from(productNumbers)
      .where(eq(productNumbers.productId, id))
      .orderBy(asc(productNumbers.id)),
    db
      .select({ id: productFitments.modelId })
      .from(productFitments)
      .where(eq(productFitments.productId, id))
      .orderBy(asc(productFitments.modelId)),
    db.select().from(productAttributes).where(eq(productAttributes.productId, id)),
    db
      .select({ path: productPictures.path })
      .from(productPictures)
      .where(eq(productPictures.productId, id))
      .orderBy(asc(productPictures.sort)),
    db.select().from(productCarousels).where(eq(productCarousels.productId, id)),
    db
      .select({ video_name: videos.videoName, pic: videos.pic, video: videos.video, print_car: videos.printCar })
      .from(videos)
      .where(eq(videos.productId, id))
      .orderBy(asc(videos.id)),
  ]);
  const carouselPictures = carousel
    ? await db
        .select({ path: productCarouselItems.filePath })
        .from(productCarouselItems)
        .where(eq(productCarouselItems.carouselId, carousel.id))
        .orderBy(asc(productCarouselItems.sort))
    : [];
  return {
    id: p.id,
    frey_no: p.freyNo,
    oe_number: p.oeNumber,
    l_name_zh: p.lNameZh,
    product_name: p.productName,
    make_id: p.makeId,
    category_id: p.categoryId,
    l_model_zh: p.lModelZh,
    engines: p.engines,
    numbers,
    model_ids: fitments.map((f) => f.id),
    attributes: {
      box: attributes?.box ?? '',
      type_name: attributes?.typeName ?? '',
      oe_amount: attributes?.oeAmount ?? 1,
      shelf_name: attributes?.shelfName ?? '',
      color: attributes?.color ?? '',
      description: attributes?.description ?? '',
    },
    outbox_fcl_quantity: p.outboxFclQuantity,
    scm_classification: p.scmClassification,
    is_coming_soon: p.isComingSoon === 1 ? 1 : 0,
    is_delisting: p.isDelisting === 1 ? 1 : 0,
    is_orderable: p.isOrderable === 1 ? 1 : 0,
    pic: p.pic,
    pictures: pictures.map((x) => x.path),
    carousel: carousel ? { description: carousel.description, pictures: carouselPictures.map((x) => x.path) } : null,
    videos: partVideos,
    version: row.version,
    updated_at: chinaDateTime(p.updatedAt),
  };
}

export async function requirePart(db: Reader, id: number): Promise<AdminPartDetail> {
  return (await partDetail(db, id)) ?? refuse(PART_NOT_FOUND_TEXT);
}

/** Checks what a part refers to and answers the copies kept on products. */
async function checkedColumns(tx: Executor, input: PartInput, id: number | null) {
  const freyNoNorm = normalizePartNumber(input.frey_no);
  if (!freyNoNorm) refuse('本厂编码应包含字母或数字');
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      id === null ? eq(products.freyNoNorm, freyNoNorm) : and(eq(products.freyNoNorm, freyNoNorm), ne(products.id, id)),
    );
  if (taken) refuse(FREY_NO_TAKEN_TEXT);
  const [category] = await tx
    .select({ level: categories.level })
    .from(categories)
    .where(eq(categories.id, input.category_id));
  if (!category) refuse('分类不存在');
  if (category.level !== 3) refuse('商品只能挂在第三级分类下');
  const [make] = await tx.select({ id: makes.id }).from(makes).where(eq(makes.id, input.make_id));
  if (!make) refuse('品牌不存在');
  for (const n of input.numbers) if (!normalizePartNumber(n.number)) refuse(`号码“${n.number}”应包含字母或数字`);
  const modelIds = [...new Set(input.model_ids)];
  const [known] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vehicleModels)
    .where(inArray(vehicleModels.id, modelIds));
  if ((known?.n ?? 0) !== modelIds.length) refuse('适用车型不存在，请刷新后重新选择');
  const oe = input.numbers.find((n) => n.kind === 'oe');
  return {
    modelIds,
    columns: {
      freyNo: input.frey_no,
      freyNoNorm,
      oeNumber: oe?.number ?? '',
      oeNumberNorm: oe ? normalizePartNumber(oe.number) : '',
      lNameZh: input.l_name_zh,
      productName: input.product_name,
      makeId: input.make_id,
      categoryId: input.category_id,
      outboxFclQuantity: input.outbox_fcl_quantity,
      scmClassification: input.scm_classification,
      isComingSoon: input.is_coming_soon,
      isDelisting: input.is_delisting,
      isOrderable: input.is_orderable,
      pic: input.pictures[0] ?? '',
    },
  };
}

/** Replaces the part's numbers, fitments, attributes, pictures, carousel and videos with the input's. */
async function writeParts(tx: Executor, id: number, input: PartInput, modelIds: number[]) {
  const numbers = input.numbers.map((n) => ({ productId: id, ...n, numberNorm: normalizePartNumber(n.number) }));
  await replaceRows(tx, productNumbers, eq(productNumbers.productId, id), numbers);
  const fitments = modelIds.map((modelId) => ({ productId: id, modelId }));
  await replaceRows(tx, productFitments, eq(productFitments.productId, id), fitments);
  await refreshFitmentTexts(tx, [id]);
  const a = input.attributes;
  const attributes = {
    box: a.box,
    typeName: a.type_name,
    oeAmount: a.oe_amount,
    shelfName: a.shelf_name,
    color: a.color,
    description: a.description,
  };
  await tx
    .insert(productAttributes)
    .values({ productId: id, ...attributes })
    .onConflictDoUpdate({ target: productAttributes.productId, set: attributes });
  const pictures = input.pictures.map((path, sort) => ({ productId: id, sort, path }));
  await replaceRows(tx, productPictures, eq(productPictures.productId, id), pictures);
  await tx.delete(productCarousels).where(eq(productCarousels.productId, id));
  if (input.carousel) {
    const [carousel] = await tx
      .insert(productCarousels)
      .values({ productId: id, description: input.carousel.description })
      .returning({ id: productCarousels.id });
    const items = input.carousel.pictures.map((filePath, sort) => ({ carouselId: carousel!.id, sort, filePath }));
    if (items.length > 0) await tx.insert(productCarouselItems).values(items);
  }
  const partVideos = input.videos.map((v) => ({
    productId: id,
    videoName: v.video_name,
    pic: v.pic,
    video: v.video,
    printCar: v.print_car,
  }));
  await replaceRows(tx, videos, eq(videos.productId, id), partVideos);
}

export function createPart(
  ctx: StaffRequestContext,
  db: Db,
  actor: AuditActor,
  input: PartInput,
): Promise<AdminPartDetail> {
  return catalogChange(ctx, db, actor, 'part', 'create', async (tx) => {
    const { columns, modelIds } = await checkedColumns(tx, input, null);
    const [row] = await tx.insert(products).values(columns).returning({ id: products.id });
    const id = row!.id;
    await writeParts(tx, id, input, modelIds);
    const after = (await partDetail(tx, id))!;
    return { id, before: null, after, result: after };
  });
}

export function updatePart(
  ctx: StaffRequestContext,
  db: Db,
  actor: AuditActor,
  id: number,
  input: PartUpdate,
): Promise<AdminPartDetail> {
  return catalogChange(ctx, db, actor, 'part', 'update', async (tx) => {
    const before = await partDetail(tx, id, true);
    if (!before) refuse(PART_NOT_FOUND_TEXT);
    if (before.version !== input.version) refuse(PART_CHANGED_TEXT);
    const { columns, modelIds } = await checkedColumns(tx, input, id);
    await tx
      .update(products)
      .set({ ...columns, updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 microsecond')` })
      .where(eq(products.id, id));
    await writeParts(tx, id, input, modelIds);
    const after = (await partDetail(tx, id))!;
    return { id, before, after, result: after };
  });
}
