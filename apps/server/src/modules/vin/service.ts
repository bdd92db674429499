import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  VinCategory,
  VinDecoded,
  VinGroupResult,
  VinGroupsRequest,
  VinHotList,
  VinSearchRequest,
  VinSearchResult,
  VinVehicle,
} from '@shop/core/api/vin';
import { vinProblem } from '@shop/core/vin';
import type { Db } from '../../db/client';
import { categories, makes, productFitments, products, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import { vehicleVinPatterns, vinSearches } from '../../db/schema/vin';
import { refuse } from '../../lib/errors';
import { loadProductRows, pageOfProductRows, productsPageSource, type RowContext } from '../catalog/product-rows';
import { chinaDateTime } from '../../lib/china-time';
import { decodeVin, matchVinPattern } from './decode';

/**
 * VIN lookup: decode the VIN, place it on a vehicle model of our catalog (vehicle_vin_patterns),
 * and list the parts that fit that model (product_fitments).
 *
 * The two calls of spec.md differ in how they list the parts:
 *  - searchproduct: one flat list of every fitting part (optionally of one category), paginated
 *    like every part list — the VIN result page uses it, with the categories as filters;
 *  - searchproduct_frey: the fitting parts grouped by category ('frey' = the shop's own catalog
 *    view, a part group per category as the category pages show them); a page holds `limit`
 *    categories with their first `per_group` parts each, and every group tells its total, so a
 *    client shows an overview and then asks searchproduct with category_id for the rest.
 * Both answer, for a VIN we cannot place, what the VIN itself tells and a notice, with no parts,
 * and the makes of our catalog its maker builds (catalog_makes: the client links to their parts);
 * an invalid VIN is refused with what is wrong. Both log the search (page 1, no category filter)
 * for gethotlist.
 */

export const NOT_PLACED_TEXT = '未能根据该车架号匹配到本店车型，请核对车架号，或改用OE号/配件名称搜索';
export const NO_PARTS_TEXT = '已匹配到车型，但暂无适配该车型的配件';
/** Not placed, but the maker builds makes we carry (catalog_makes): the way on is their parts. */
export const notPlacedMakeText = (makeNames: string[]) =>
  `未能匹配到本店的具体车型，可查看${makeNames.join('或')}全部配件，或改用OE号/配件名称搜索`;
/** Not placed, and the maker's make is not in our catalog: said plainly. */
export const makeNotCarriedText = (make: string) =>
  `本店暂无${make.split('/').join('、')}车型的配件，请改用OE号/配件名称搜索`;

interface VinHead {
  decoded: VinDecoded;
  vehicle: VinVehicle | null;
  notice: string;
  categories: VinCategory[];
  catalog_makes: string[];
}

function validVin(vin: string): string {
  const problem = vinProblem(vin);
  if (problem) refuse(problem);
  return vin;
}

async function placeVin(db: Db, decoded: VinDecoded): Promise<VinVehicle | null> {
  const patterns = await db
    .select({
      vdsPattern: vehicleVinPatterns.vdsPattern,
      yearFrom: vehicleVinPatterns.yearFrom,
      yearTo: vehicleVinPatterns.yearTo,
      vehicleModelId: vehicleVinPatterns.vehicleModelId,
    })
    .from(vehicleVinPatterns)
    .where(eq(vehicleVinPatterns.wmi, decoded.wmi));
  const hit = matchVinPattern(decoded, patterns);
  if (!hit) return null;
  const [row] = await db
    .select({
      model_id: vehicleModels.id,
      make_name: makes.nameZh,
      series_name: vehicleSeries.nameZh,
      model_name: vehicleModels.nameZh,
      chassis_code: vehicleModels.chassisCode,
      engine_code: vehicleModels.engineCode,
      displacement: vehicleModels.displacement,
      transmission: vehicleModels.transmission,
      vehicle_type: vehicleModels.vehicleType,
      year_from: vehicleModels.yearFrom,
      year_to: vehicleModels.yearTo,
      pic: vehicleModels.pic,
    })
    .from(vehicleModels)
    .innerJoin(vehicleSeries, eq(vehicleSeries.id, vehicleModels.seriesId))
    .innerJoin(makes, eq(makes.id, vehicleSeries.makeId))
    .where(eq(vehicleModels.id, hit.vehicleModelId));
  if (!row) return null;
  const { year_from, year_to, ...rest } = row;
  return { ...rest, years: `${year_from}-${year_to ?? ''}` };
}

/**
 * The makes of our catalog that the decoded maker builds ('大众/奥迪' names two) and that have
 * parts, in the maker's order: each is a brand_name_zh that /parts/list lists parts for.
 */
async function catalogMakesOf(db: Db, decoded: VinDecoded): Promise<string[]> {
  const names = decoded.make
    .split('/')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: makes.nameZh })
    .from(makes)
    .where(and(inArray(makes.nameZh, names), sql`exists(select 1 from ${products} p where p.make_id = ${makes.id})`));
  const carried = new Set(rows.map((r) => r.name));
  return names.filter((n) => carried.has(n));
}

function vinNotice(decoded: VinDecoded, vehicle: VinVehicle | null, cats: VinCategory[], catalogMakes: string[]) {
  if (vehicle) return cats.length === 0 ? NO_PARTS_TEXT : '';
  if (catalogMakes.length > 0) return notPlacedMakeText(catalogMakes);
  if (decoded.make) return makeNotCarriedText(decoded.make);
  return NOT_PLACED_TEXT;
}

async function fittingCategories(db: Db, modelId: number): Promise<VinCategory[]> {
  const parent = sql`(select pc.l_name_zh from ${categories} pc where pc.id = ${categories.parentId})`;
  const rows = await db
    .select({
      category_id: categories.id,
      l_name_zh: categories.lNameZh,
      parent_name: sql<string>`coalesce(${parent}, '')`,
      count: count(),
    })
    .from(productFitments)
    .innerJoin(products, eq(products.id, productFitments.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(productFitments.modelId, modelId))
    .groupBy(categories.id)
    .orderBy(asc(categories.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export function vehicleName(vehicle: VinVehicle | null, decoded: VinDecoded): string {
  if (vehicle) return `${vehicle.make_name} ${vehicle.series_name} ${vehicle.model_name}`;
  return decoded.manufacturer || decoded.make || decoded.country;
}

async function vinHead(db: Db, ctx: RowContext, vin: string, log: boolean): Promise<VinHead> {
  const decoded = decodeVin(validVin(vin));
  const vehicle = await placeVin(db, decoded);
  const cats = vehicle ? await fittingCategories(db, vehicle.model_id) : [];
  const catalogMakes = await catalogMakesOf(db, decoded);
  if (log) {
    await db.insert(vinSearches).values({
      companyId: ctx.caller.companyId,
      accountId: ctx.caller.accountId,
      vin,
      vehicleModelId: vehicle?.model_id ?? null,
      modelYear: decoded.model_year,
      vehicleName: vehicleName(vehicle, decoded),
    });
  }
  const notice = vinNotice(decoded, vehicle, cats, catalogMakes);
  return { decoded, vehicle, notice, categories: cats, catalog_makes: catalogMakes };
}

function fitting(modelId: number, categoryId: number | undefined) {
  const fits = sql`exists(select 1 from ${productFitments} f where f.product_id = ${products.id} and f.model_id = ${modelId})`;
  return categoryId === undefined ? fits : and(fits, eq(products.categoryId, categoryId));
}

export async function searchVinProducts(db: Db, ctx: RowContext, req: VinSearchRequest): Promise<VinSearchResult> {
  const head = await vinHead(db, ctx, req.vin, req.page === 1 && req.category_id === undefined);
  const page = { page: req.page, limit: req.limit };
  if (!head.vehicle) return { ...head, total: 0, ...page, list: [] };
  const where = fitting(head.vehicle.model_id, req.category_id);
  const rows = await pageOfProductRows(
    db,
    ctx,
    page,
    productsPageSource(db, where, [asc(products.categoryId), asc(products.id)]),
  );
  return { ...head, ...rows };
}

export async function searchVinProductGroups(db: Db, ctx: RowContext, req: VinGroupsRequest): Promise<VinGroupResult> {
  const head = await vinHead(db, ctx, req.vin, req.page === 1 && req.category_id === undefined);
  const page = { page: req.page, limit: req.limit };
  const wanted =
    req.category_id === undefined ? head.categories : head.categories.filter((c) => c.category_id === req.category_id);
  const shown = wanted.slice((req.page - 1) * req.limit, req.page * req.limit);
  if (!head.vehicle || shown.length === 0) return { ...head, total: wanted.length, ...page, groups: [] };
  const modelId = head.vehicle.model_id;
  const idsByGroup = await Promise.all(
    shown.map(async (c) =>
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(fitting(modelId, c.category_id))
          .orderBy(asc(products.id))
          .limit(req.per_group)
      ).map((r) => r.id),
    ),
  );
  const rows = new Map((await loadProductRows(db, ctx, idsByGroup.flat())).map((r) => [r.product_id, r]));
  const groups = shown.map((c, i) => ({
    ...c,
    list: idsByGroup[i]!.map((id) => rows.get(id)).filter((r) => r !== undefined),
  }));
  return { ...head, total: wanted.length, ...page, groups };
}

/** gethotlist looks at this many of the company's latest searches. */
const RECENT_WINDOW = 500;

/** The company's recent VIN searches: one entry per VIN (its latest search), newest first. */
export async function recentVins(db: Db, companyId: number, limit: number): Promise<VinHotList> {
  const latest = db
    .select()
    .from(vinSearches)
    .where(eq(vinSearches.companyId, companyId))
    .orderBy(desc(vinSearches.createdAt), desc(vinSearches.id))
    .limit(RECENT_WINDOW)
    .as('latest');
  const last = sql<Date>`max(${latest.createdAt})`;
  const rows = await db
    .select({
      vin: latest.vin,
      vehicle_name: sql<string>`(array_agg(${latest.vehicleName} order by ${latest.createdAt} desc, ${latest.id} desc))[1]`,
      model_year: sql<
        number | null
      >`(array_agg(${latest.modelYear} order by ${latest.createdAt} desc, ${latest.id} desc))[1]`,
      times: count(),
      last,
    })
    .from(latest)
    .groupBy(latest.vin)
    .orderBy(desc(last), asc(latest.vin))
    .limit(limit);
  return {
    list: rows.map((r) => ({
      vin: r.vin,
      vehicle_name: r.vehicle_name,
      model_year: r.model_year === null ? null : Number(r.model_year),
      times: Number(r.times),
      searched_at: chinaDateTime(new Date(r.last)),
    })),
  };
}
