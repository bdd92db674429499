import { sql } from 'drizzle-orm';
import {
  BATCH_SEARCH_PARTS_PER_LINE,
  BATCH_SEARCH_TEXT_MAX,
  BATCH_SEARCH_TOO_LONG_TEXT,
  type BatchLineStatus,
  type BatchSearchGroup,
  type BatchSearchRequest,
  type BatchSearchResult,
} from '@shop/core/api/bulk-search';
import type { MatchKind, ProductRow } from '@shop/core/api/parts';
import { parseMultiNumbers } from '@shop/core/multi-number';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { executeNamed } from '../../db/named-query';
import { inChunks } from '../../lib/chunks';
import { BusinessError } from '../../lib/errors';
import { productRowSql, toProductRows, type PartRow, type RowContext } from '../catalog/product-rows';
import { crossReferenceRank, kindOfRank } from '../search/number-search';
import { logSearch } from '../search/search-log-buffer';

/**
 * The multi-number search (POST /api/Shop.Accessory/batchSearch). Every line of the text is
 * one number (multi-number.ts rules). The numbers are looked up over own codes
 * (products.frey_no_norm) and the cross-reference table (product_numbers: OE, replacement, old,
 * common), exact matches only, and the rows of the parts found (prices, both warehouses' stock,
 * the caller's own data: productRowSql) come back from the same statement, each with the
 * numbers that matched it. The answer keeps the input order.
 */

const DIRECT: ReadonlySet<MatchKind> = new Set(['frey_no', 'oe']);

/**
 * Numbers per statement: 200 numbers are looked up in two statements side by side. (On 2 cores,
 * two statements of ~215 part rows each answered sooner than one, or than a lookup followed by
 * five row statements of 100: decision 0012.)
 */
const NUMBERS_PER_QUERY = 100;

/**
 * A number that found a part: [normalised number, rank, number as stored, parts the number finds
 * in all (the line lists the first BATCH_SEARCH_PARTS_PER_LINE)].
 */
type Match = [string, number, string, number];
/** A part row with the numbers of the statement that found it (json). */
type MatchedPartRow = PartRow & { matches: Match[] | string };
/** The row pieces over the matched parts (the same for every statement). */
const MATCHED_ROWS = productRowSql(sql`matched`);

/**
 * The parts that the numbers find, each once with its matches: per number every part by its best
 * match (rank, then the stored number), at most BATCH_SEARCH_PARTS_PER_LINE per number by rank
 * and part id, and the row of each part.
 */
async function matchedPartRows(db: Db, ctx: RowContext, norms: string[]): Promise<MatchedPartRow[]> {
  const list = sql`${sql.param(norms)}::text[]`;
  const { marks, columns, joins } = MATCHED_ROWS;
  const result = await executeNamed<MatchedPartRow & Record<string, unknown>>(
    db,
    'batch_matched_rows',
    sql`
    with hits as (
      select p.frey_no_norm as norm, p.id, 0 as r, p.frey_no as shown from products p
        where p.frey_no_norm = any(${list})
      union all
      select n.number_norm, n.product_id,
        ${crossReferenceRank(sql`n.kind`)}, n.number
        from product_numbers n where n.number_norm = any(${list})
    ),
    best as (select distinct on (norm, id) norm, id, r, shown from hits order by norm, id, r, shown),
    kept as (
      select norm, id, r, shown, n
      from (
        select b.*, row_number() over (partition by norm order by r, id) as k, count(*) over (partition by norm) as n
        from best b
      ) ranked
      where k <= ${BATCH_SEARCH_PARTS_PER_LINE}
    ),
    matched as (
      select id, ${ctx.caller.companyId}::int as company_id, ${ctx.caller.accountId}::int as account_id,
        json_agg(json_build_array(norm, r, shown, n)) as matches
      from kept group by id
    ),
    ${marks}
    select matched.matches, ${columns} from matched ${joins}`,
  );
  return result.rows;
}

/** A part a number found, by its best match (the statement kept one per part and number). */
interface LineHit {
  id: number;
  rank: number;
  kind: MatchKind;
  shown: string;
}

function statusOf(hits: LineHit[]): BatchLineStatus {
  if (hits.length === 0) return 'not_found';
  if (hits.length > 1) return 'ambiguous';
  return DIRECT.has(hits[0]!.kind) ? 'found' : 'cross';
}

export async function batchSearch(
  db: Db,
  ctx: RowContext,
  request: BatchSearchRequest,
  onLogError: (err: unknown) => void,
): Promise<BatchSearchResult> {
  // Checked here, not in the request schema: the dealer gets the message, not an HTTP 400.
  if (request.keyword.length > BATCH_SEARCH_TEXT_MAX) throw new BusinessError(BATCH_SEARCH_TOO_LONG_TEXT);
  const { lines, error } = parseMultiNumbers(request.keyword, ctx.variant);
  if (error) throw new BusinessError(error);

  const norms = [...new Set(lines.map((l) => l.norm).filter((n) => n.length > 0))];
  const matched = await Promise.all(inChunks(norms, NUMBERS_PER_QUERY).map((chunk) => matchedPartRows(db, ctx, chunk)));
  const byNorm = new Map<string, LineHit[]>();
  const totalOf = new Map<string, number>();
  const parts = new Map<number, PartRow>();
  for (const row of matched.flat()) {
    const id = Number(row.id);
    // A part found by numbers of both statements comes from each; its matches are the union.
    parts.set(id, row);
    for (const [norm, rank, shown, total] of jsonColumn<Match[]>(row.matches) ?? []) {
      totalOf.set(norm, Number(total));
      const hit = { id, rank: Number(rank), kind: kindOfRank(rank), shown };
      const list = byNorm.get(norm);
      if (list) list.push(hit);
      else byNorm.set(norm, [hit]);
    }
  }
  const rows = new Map(toProductRows(ctx, [...parts.values()]).map((r) => [r.product_id, r]));
  // Each number's parts best first: rank, then part id.
  for (const hits of byNorm.values()) hits.sort((a, b) => a.rank - b.rank || a.id - b.id);
  const perLine = lines.map((line) => (line.norm ? (byNorm.get(line.norm) ?? []) : []));

  // A part's row says how this line found it: the row itself in its first group (most parts are
  // in one), a copy in any further one.
  const placed = new Set<number>();
  const inGroup = (id: number, searchNo: string, kind: MatchKind): ProductRow => {
    const row = placed.has(id) ? { ...rows.get(id)! } : rows.get(id)!;
    placed.add(id);
    row.search_no = searchNo;
    row.match_kind = kind;
    return row;
  };
  let found = 0;
  const groups: BatchSearchGroup[] = lines.map((line, i) => {
    const hits = perLine[i]!;
    if (hits.length > 0) found += 1;
    const status = statusOf(hits);
    const best = hits[0];
    logSearch(
      db,
      {
        companyId: ctx.caller.companyId,
        accountId: ctx.caller.accountId,
        keyword: line.number.slice(0, 200),
        productId: best?.id ?? null,
        resultCount: hits.length,
      },
      onLogError,
    );
    return {
      line: line.line,
      raw: line.raw,
      number: line.number,
      quantity: line.quantity ?? 1,
      ...(line.badQuantity ? { bad_quantity: line.badQuantity } : {}),
      status,
      total: totalOf.get(line.norm) ?? 0,
      matched_number: best && status !== 'found' ? best.shown : '',
      ...(best ? { match_kind: best.kind } : {}),
      list: hits.map((h) => inGroup(h.id, line.number, h.kind)),
    };
  });
  return { groups, found, not_found: groups.length - found };
}
