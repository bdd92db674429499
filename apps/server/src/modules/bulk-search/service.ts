import { sql } from 'drizzle-orm';
import {
  BATCH_SEARCH_PARTS_PER_LINE,
  type BatchLineStatus,
  type BatchSearchGroup,
  type BatchSearchRequest,
  type BatchSearchResult,
} from '@shop/core/api/bulk-search';
import type { MatchKind } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { parseMultiNumbers } from '@shop/core/multi-number';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-query';
import { inChunks } from '../../lib/chunks';
import { BusinessError } from '../../lib/errors';
import { loadProductRows, type RowContext } from '../catalog/product-rows';
import { logSearch } from '../search/search-log-buffer';

/**
 * The multi-number search (POST /api/Shop.Accessory/batchSearch). Every line of the text is
 * one number (multi-number.ts rules). All numbers are looked up in ONE query over own codes
 * (products.frey_no_norm) and the cross-reference table (product_numbers: OE, replacement, old,
 * common), exact matches only; the parts found are then loaded once (loadProductRows: prices,
 * both warehouses' stock, the caller's own data). The answer keeps the input order.
 */
interface NumberHit {
  norm: string;
  id: number;
  rank: number;
  shown: string;
}

/** Match kinds in rank order (the own code first). */
const RANKED_KINDS: MatchKind[] = ['frey_no', 'oe', 'replacement', 'old', 'search'];
const DIRECT: ReadonlySet<MatchKind> = new Set(['frey_no', 'oe']);

/** Numbers per lookup statement: 200 numbers are looked up in two statements side by side. */
const NUMBERS_PER_QUERY = 100;

export async function numberHits(db: Db, norms: string[]): Promise<NumberHit[]> {
  return (await Promise.all(inChunks(norms, NUMBERS_PER_QUERY).map((chunk) => numberHitsQuery(db, chunk)))).flat();
}

async function numberHitsQuery(db: Db, norms: string[]): Promise<NumberHit[]> {
  const list = sql`${sql.param(norms)}::text[]`;
  const result = await executeNamed<{ norm: string; id: number; r: number; shown: string }>(
    db,
    'batch_number_hits',
    sql`
    select p.frey_no_norm as norm, p.id, 0 as r, p.frey_no as shown from products p
      where p.frey_no_norm = any(${list})
    union all
    select n.number_norm, n.product_id,
      case n.kind when 'oe' then 1 when 'replacement' then 2 when 'old' then 3 else 4 end, n.number
      from product_numbers n where n.number_norm = any(${list})`,
  );
  return result.rows.map((r) => ({ norm: r.norm, id: Number(r.id), rank: Number(r.r), shown: r.shown }));
}

interface LineHit {
  id: number;
  kind: MatchKind;
  shown: string;
}

/** Best match per part for one number, best first (rank, then part id), at most PARTS_PER_LINE. */
function bestPerPart(hits: NumberHit[]): LineHit[] {
  const best = new Map<number, NumberHit>();
  for (const hit of hits) {
    const seen = best.get(hit.id);
    if (!seen || hit.rank < seen.rank) best.set(hit.id, hit);
  }
  return [...best.values()]
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, BATCH_SEARCH_PARTS_PER_LINE)
    .map((h) => ({ id: h.id, kind: RANKED_KINDS[h.rank] ?? 'search', shown: h.shown }));
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
  const { lines, error } = parseMultiNumbers(request.keyword, getBrandVariant(ctx.brand));
  if (error) throw new BusinessError(error);

  const norms = [...new Set(lines.map((l) => l.norm).filter((n) => n.length > 0))];
  const byNorm = new Map<string, NumberHit[]>();
  for (const hit of await numberHits(db, norms)) {
    const list = byNorm.get(hit.norm);
    if (list) list.push(hit);
    else byNorm.set(hit.norm, [hit]);
  }

  const perLine = lines.map((line) => bestPerPart(line.norm ? (byNorm.get(line.norm) ?? []) : []));
  const ids = [...new Set(perLine.flat().map((h) => h.id))];
  const rows = new Map((await loadProductRows(db, ctx, ids)).map((r) => [r.product_id, r]));

  let found = 0;
  const groups: BatchSearchGroup[] = lines.map((line, i) => {
    const hits = perLine[i]!.filter((h) => rows.has(h.id));
    if (hits.length > 0) found += 1;
    const status = statusOf(hits);
    const best = hits[0];
    logSearch(
      db,
      {
        companyId: ctx.companyId,
        accountId: ctx.accountId,
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
      status,
      matched_number: best && status !== 'found' ? best.shown : '',
      ...(best ? { match_kind: best.kind } : {}),
      list: hits.map((h) => ({ ...rows.get(h.id)!, search_no: line.number, match_kind: h.kind })),
    };
  });
  return { groups, found, not_found: groups.length - found };
}
