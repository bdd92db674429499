import { sql } from 'drizzle-orm';
import type { MatchKind, ProductRowPage, SearchRequest } from '@shop/core/api/parts';
import { ownCodeFromBrandName } from '@shop/core/multi-number';
import { normalizePartNumber } from '@shop/core/part-number';
import type { Db } from '../../db/client';
import { logSearch } from './search-log-buffer';
import { compactName } from './name-text';
import { matchVehicleKeyword, vehicleIndex, type VehicleKeyword } from './vehicle-keyword';
import { cached } from '../catalog/ttl-cache';
import { loadProductRows, type FoundBy, type RowContext } from '../catalog/product-rows';
import { numberHits, numberSearchPage, RESULT_MAX, type Hit } from './number-search';

/**
 * A keyword of several lines is the multi-number search (modules/bulk-search, POST
 * /api/Shop.Accessory/batchSearch, one group per line): here only the first non-empty line is searched.
 */
export function firstLine(keyword: string): string {
  return (
    keyword
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? ''
  );
}

/**
 * The vehicle (series, else make) the keyword starts with and the part name after it
 * (vehicle-keyword.ts). Series and makes are few and change with the catalog, so their names are
 * indexed once and cached like the part names (ttl-cache.ts).
 */
async function vehicleAndRest(db: Db, keyword: string): Promise<VehicleKeyword | null> {
  const index = await cached(db, 'vehicle-names', async () => {
    const [series, makes] = await Promise.all([
      db.execute(sql`
        select vs.id, m.name_zh as make, vs.name_zh as name from vehicle_series vs join makes m on m.id = vs.make_id`),
      db.execute(sql`select id, name_zh as name from makes`),
    ]);
    return vehicleIndex(
      (series.rows as { id: number; make: string; name: string }[]).map((r) => ({ ...r, id: Number(r.id) })),
      (makes.rows as { id: number; name: string }[]).map((r) => ({ ...r, id: Number(r.id) })),
    );
  });
  return matchVehicleKeyword(index, keyword);
}

/** True when the text holds a CJK character (only then is the name search worth running). */
export function hasChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

type VehicleScope = VehicleKeyword['scope'];

/** Matches by name: such a row was not found by a number, so it carries no search_no. */
const NAME_KINDS: ReadonlySet<MatchKind> = new Set(['name', 'series_name', 'make_name']);

interface NameGroup {
  len: number;
  name: string;
}

/**
 * The distinct part names containing the text, in ranking order: shorter names first (the
 * exact name is the shortest), then by name. Names repeat across many parts, so the distinct
 * names are walked with a skip scan over products_name_order_idx (one index probe per distinct
 * name, whatever the number of parts; the list is cached briefly), instead of reading every part
 * whose name matches (a 1-character query like '滤' matches over 100,000 parts at a million).
 * Each matching name's parts are then read in id order from the same index (partsNamed).
 */
async function matchingNames(db: Db, text: string): Promise<NameGroup[]> {
  const names = await cached(db, 'part-names', () => distinctNames(db));
  return names.filter((n) => n.compact.includes(text));
}

/** Every distinct part name in ranking order (cached briefly: ttl-cache.ts). */
async function distinctNames(db: Db): Promise<(NameGroup & { compact: string })[]> {
  const result = await db.execute(sql`
    with recursive names(len, name) as (
      (select length(l_name_zh), l_name_zh from products order by length(l_name_zh), l_name_zh limit 1)
      union all
      select n.len, n.name from names cross join lateral (
        select length(p.l_name_zh) as len, p.l_name_zh as name from products p
        where (length(p.l_name_zh), p.l_name_zh) > (names.len, names.name)
        order by length(p.l_name_zh), p.l_name_zh limit 1) n
    )
    select len, name from names order by len, name collate "C"`);
  return (result.rows as { len: number; name: string }[]).map((r) => ({
    len: Number(r.len),
    name: r.name,
    compact: compactName(r.name),
  }));
}

/**
 * Parts with the given names, name by name in ranking order, each name's parts in id order, at
 * most `max`: one statement that walks the names in order (a recursive query, one index read per
 * name) and stops once `max` parts are found. A short text matches hundreds of names with a few
 * parts each, which cost hundreds of round trips as one statement per name.
 */
async function partsNamed(db: Db, groups: NameGroup[], scope: VehicleScope | null, max: number): Promise<number[]> {
  if (groups.length === 0) return [];
  const inScope =
    scope === null
      ? sql``
      : scope.kind === 'make'
        ? sql`and p.make_id = ${scope.id}`
        : sql`and exists (select 1 from product_fitments f join vehicle_models vm on vm.id = f.model_id
                          where f.product_id = p.id and vm.series_id = ${scope.id})`;
  const lens = sql`${sql.param(groups.map((g) => g.len))}::int[]`;
  const names = sql`${sql.param(groups.map((g) => g.name))}::text[]`;
  const result = await db.execute(sql`
    with recursive walk(i, ids) as (
      select 0, '{}'::int[]
      union all
      select w.i + 1, w.ids || array(
        select p.id from products p
        where length(p.l_name_zh) = (${lens})[w.i + 1] and p.l_name_zh = (${names})[w.i + 1] ${inScope}
        order by p.id limit ${max} - cardinality(w.ids))
      from walk w
      where w.i < cardinality(${names}) and cardinality(w.ids) < ${max}
    )
    select ids from walk order by i desc limit 1`);
  return ((result.rows[0] as { ids: number[] } | undefined)?.ids ?? []).map(Number);
}

/**
 * The parts whose name contains the text (in a series, or anywhere), in ranking order, at most
 * RESULT_MAX. The same names are searched all day ('刹车片', '滤'), so the list is cached like
 * the names themselves (ttl-cache.ts): a new part shows in name searches within 30 s.
 */
function partsWithName(db: Db, text: string, scope: VehicleScope | null): Promise<number[]> {
  const key = scope ? `${scope.kind}:${scope.id}` : '';
  return cached(db, `parts-named:${key}:${text}`, async () =>
    partsNamed(db, await matchingNames(db, text), scope, RESULT_MAX),
  );
}

/**
 * The search box (POST /api/Shop.Accessory/index). One keyword finds parts by
 *   1. an exact number: own code (frey_no), OE, replacement / common, old or extra search number,
 *      typed in any spelling (normalizePartNumber), the own code also after the brand's short
 *      name ('福瑞117-0000004', core ownCodeFromBrandName);
 *   2. a number prefix (at least PREFIX_MIN normalised characters);
 *   3. vehicle series plus part name ('宝马5系 刹车片': series by make + series name, parts by fitment),
 *      else make plus part name ('宝马 刹车片': parts of the make; vehicle-keyword.ts);
 *   4. the Chinese part name, 1 character and up (names containing the text).
 * in that order of rank, each group in a stable order. A result list holds at most
 * RESULT_MAX parts (number-search.ts).
 */
export async function searchParts(
  db: Db,
  ctx: RowContext,
  request: SearchRequest,
  onLogError: (err: unknown) => void,
): Promise<ProductRowPage> {
  const keyword = firstLine(request.keyword);
  // '福瑞117-0000004' is the own code FR117-0000004, as in the multi-number box.
  const number = ownCodeFromBrandName(keyword, ctx.variant);
  const norm = normalizePartNumber(number);
  const log = (productId: number | null, resultCount: number) =>
    logSearch(
      db,
      {
        companyId: ctx.caller.companyId,
        accountId: ctx.caller.accountId,
        keyword: keyword.slice(0, 200),
        productId,
        resultCount,
      },
      onLogError,
    );
  if (norm.length > 0 && !hasChinese(number)) {
    const { total, firstId, list } = await numberSearchPage(db, {
      ctx,
      keyword,
      norm,
      page: request.page,
      limit: request.limit,
    });
    log(firstId, total);
    return { total, page: request.page, limit: request.limit, list };
  }

  const hits: Hit[] = [];
  if (norm.length > 0) hits.push(...(await numberHits(db, norm)));
  if (hasChinese(keyword)) {
    const vehicle = await vehicleAndRest(db, keyword);
    if (vehicle) {
      const ids = await partsWithName(db, vehicle.rest, vehicle.scope);
      const kind = vehicle.scope.kind === 'series' ? ('series_name' as const) : ('make_name' as const);
      hits.push(...ids.map((id) => ({ id, kind })));
    }
    const ids = await partsWithName(db, compactName(keyword), null);
    hits.push(...ids.map((id) => ({ id, kind: 'name' as const })));
  }

  const found: FoundBy = new Map();
  const ordered: number[] = [];
  for (const hit of hits) {
    if (found.has(hit.id)) continue;
    found.set(hit.id, { search_no: NAME_KINDS.has(hit.kind) ? '' : keyword, match_kind: hit.kind });
    ordered.push(hit.id);
    if (ordered.length >= RESULT_MAX) break;
  }

  const offset = (request.page - 1) * request.limit;
  const pageIds = ordered.slice(offset, offset + request.limit);
  log(ordered[0] ?? null, ordered.length);
  const list = await loadProductRows(db, ctx, pageIds, found);
  return { total: ordered.length, page: request.page, limit: request.limit, list };
}
