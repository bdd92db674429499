import { sql, type SQL } from 'drizzle-orm';
import type { MatchKind, ProductRow } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-query';
import { coalesce } from '../../lib/coalesce';
import { productRowSql, toProductRows, type FoundBy, type PartRow, type RowContext } from '../catalog/product-rows';

/**
 * The search box's number search (modules/search/service.ts): a keyword found by an exact number
 * (own code, OE, replacement, old or extra search number) or by a prefix of one, ranked: own
 * code, OE, replacement, old, search number, then prefix matches; among equals by the number
 * matched, then by part id. Each part once, by its best match.
 */
export const PREFIX_MIN = 3;
/** A result list holds at most RESULT_MAX parts (nobody pages further; it bounds every search). */
export const RESULT_MAX = 1000;
/**
 * Numbers read per prefix (own codes and cross-references each), in text_pattern_ops order
 * (`using ~<~`), so the index gives them sorted and the scan stops there.
 */
export const PREFIX_MAX = 200;

/** Exact matches by rank (0 to 4): the own code, then the cross references by kind. */
const EXACT_KINDS: readonly MatchKind[] = ['frey_no', 'oe', 'replacement', 'old', 'search'];

/**
 * The rank of a cross reference by its kind (product_numbers.kind, a column of the query): 1 to 4
 * of EXACT_KINDS. The multi-number search ranks its matches the same way (bulk-search/service.ts).
 */
export function crossReferenceRank(kind: SQL): SQL<number> {
  return sql<number>`case ${kind} when 'oe' then 1 when 'replacement' then 2 when 'old' then 3 else 4 end`;
}

/** The kind of match of a rank: EXACT_KINDS, any other rank a prefix (10). */
export function kindOfRank(r: unknown): MatchKind {
  return EXACT_KINDS[Number(r)] ?? 'prefix';
}

/**
 * The smallest text above every text starting with the prefix (normalised numbers are 0-9 and
 * A-Z, so the last character plus one is enough), compared byte-wise like text_pattern_ops.
 */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The upper bound of a keyword's prefix range, or null when it is too short for a prefix search. */
function prefixEnd(norm: string): string | null {
  return norm.length >= PREFIX_MIN ? prefixUpperBound(norm) : null;
}

/**
 * The number matches of the keywords in `k` (columns q, norm, next: next null for no prefix
 * search), as rows (q, id, r, num): r is the match's rank (EXACT_KINDS; 10 for a prefix), num the
 * number matched. Numbers starting with norm are those in [norm, next): a range the
 * text_pattern_ops indexes serve with any plan (a LIKE pattern needs its value at planning time,
 * and these statements run on generic plans: db/named-query.ts).
 */
function numberHitsSql(k: SQL): SQL {
  return sql`
    select k.q, p.id, 0 as r, p.frey_no_norm as num from ${k} k join products p on p.frey_no_norm = k.norm
    union all
    select k.q, n.product_id, ${crossReferenceRank(sql`n.kind`)},
      n.number_norm from ${k} k join product_numbers n on n.number_norm = k.norm
    union all
    select k.q, x.id, 10, x.num from ${k} k cross join lateral (
      select p.id, p.frey_no_norm as num from products p
      where p.frey_no_norm ~>~ k.norm and p.frey_no_norm ~<~ k.next
      order by p.frey_no_norm using ~<~ limit ${PREFIX_MAX}) x
    union all
    select k.q, x.id, 10, x.num from ${k} k cross join lateral (
      select n.product_id as id, n.number_norm as num from product_numbers n
      where n.number_norm ~>~ k.norm and n.number_norm ~<~ k.next
      order by n.number_norm using ~<~ limit ${PREFIX_MAX}) x`;
}

/**
 * Every part a number keyword finds, in ranking order (at most RESULT_MAX), with how: for a
 * keyword that is also searched by name (service.ts).
 */
export interface Hit {
  id: number;
  kind: MatchKind;
}

export async function numberHits(db: Db, norm: string): Promise<Hit[]> {
  const result = await executeNamed<{ id: number; r: number }>(
    db,
    'number_hits',
    sql`with k as (select 1 as q, ${norm}::text as norm, ${prefixEnd(norm)}::text as next),
    h as (${numberHitsSql(sql`k`)}),
    best as (select distinct on (id) id, r, num from h order by id, r, num collate "C")
    select id, r from best order by r, num collate "C", id limit ${RESULT_MAX}`,
  );
  return result.rows.map((row) => ({ id: Number(row.id), kind: kindOfRank(row.r) }));
}

export interface NumberSearch {
  ctx: RowContext;
  /** The keyword as typed (search_no of the rows). */
  keyword: string;
  /** normalizePartNumber(keyword), not empty. */
  norm: string;
  page: number;
  limit: number;
}

export interface NumberSearchPage {
  total: number;
  /** The first part in ranking order (for the search log). */
  firstId: number | null;
  list: ProductRow[];
}

/** The row pieces over the page of each search (the same for every statement). */
const PAGE_ROWS = productRowSql(sql`page`);

type PageRow = PartRow & Record<string, unknown> & { q: number; total: number; first_id: number | null; r: number };

/**
 * Several number searches (of any callers) in one statement: for each, its matches ranked, kept
 * up to RESULT_MAX, their count, the first part and the rows of the page asked for, with the
 * caller's own data (favourites, cart, purchase record).
 */
async function numberSearchPages(db: Db, searches: NumberSearch[]): Promise<NumberSearchPage[]> {
  const column = <T>(pick: (s: NumberSearch, i: number) => T) => sql.param(searches.map(pick));
  const { marks, columns, joins } = PAGE_ROWS;
  const result = await executeNamed<PageRow>(
    db,
    'number_search_pages',
    sql`
    with k as (
      select * from unnest(${column((_, i) => i)}::int[], ${column((s) => s.norm)}::text[],
        ${column((s) => prefixEnd(s.norm))}::text[], ${column((s) => s.ctx.caller.companyId)}::int[],
        ${column((s) => s.ctx.caller.accountId)}::int[], ${column((s) => (s.page - 1) * s.limit)}::int[],
        ${column((s) => s.limit)}::int[]) as k(q, norm, next, company_id, account_id, off, lim)
    ),
    h as (${numberHitsSql(sql`k`)}),
    best as (select distinct on (q, id) q, id, r, num from h order by q, id, r, num collate "C"),
    kept as (
      select q, id, r, n from (
        select q, id, r, row_number() over (partition by q order by r, num collate "C", id) as n from best
      ) ranked
      where n <= ${RESULT_MAX}
    ),
    totals as (select q, count(*)::int as total, min(id) filter (where n = 1) as first_id from kept group by q),
    page as (
      select kk.q, kk.r, kk.n, kk.id, k.company_id, k.account_id
      from kept kk join k on k.q = kk.q
      where kk.n > k.off and kk.n <= k.off + k.lim
    ),
    ${marks},
    page_rows as (select page.q as page_q, page.r, page.n, ${columns} from page ${joins})
    select k.q, t.total, t.first_id, x.* from k
      left join totals t on t.q = k.q
      left join page_rows x on x.page_q = k.q
    order by k.q, x.n`,
  );
  // Every search has at least one row (its count); a search without matches has only that.
  const rowsOf = searches.map(() => [] as PageRow[]);
  for (const row of result.rows) rowsOf[Number(row.q)]!.push(row);
  return searches.map((s, q) => {
    const [first] = rowsOf[q]!;
    const parts = rowsOf[q]!.filter((r) => r.id !== null);
    const found: FoundBy = new Map(
      parts.map((r) => [Number(r.id), { search_no: s.keyword, match_kind: kindOfRank(r.r) }]),
    );
    return {
      total: Number(first?.total ?? 0),
      firstId: first?.first_id == null ? null : Number(first.first_id),
      list: toProductRows(s.ctx, parts, found),
    };
  });
}

/**
 * Number searches arriving together go to PostgreSQL as one statement (lib/coalesce.ts): the
 * most frequent search, thousands a second on a busy day, otherwise pays a round trip each.
 */
const MAX_IN_FLIGHT = 8;
const MAX_BATCH = 32;
const searchers = new WeakMap<Db, (search: NumberSearch) => Promise<NumberSearchPage>>();

export function numberSearchPage(db: Db, search: NumberSearch): Promise<NumberSearchPage> {
  let searcher = searchers.get(db);
  if (!searcher) {
    searcher = coalesce((batch: NumberSearch[]) => numberSearchPages(db, batch), {
      maxInFlight: MAX_IN_FLIGHT,
      maxBatch: MAX_BATCH,
    });
    searchers.set(db, searcher);
  }
  return searcher(search);
}
