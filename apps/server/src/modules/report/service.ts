import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { PartnerSaleSummary, ReportGroup, ReportMonth, ReportPart, ReportPeriod } from '@shop/core/api/report';
import {
  chinaMonthOf,
  defaultReportPeriod,
  lastYearMonth,
  monthsBetween,
  REPORT_PART_ROWS,
  REPORT_TEXTS,
  reportPeriodProblem,
  yearOnYear,
} from '@shop/core/report-rules';
import { centsToMoney, toCents } from '@shop/core/money';
import { refuse } from '../../lib/errors';
import { workbookBuffer } from '../../lib/xlsx';
import type { DealerRequestContext } from '../../platform/request-context';

/**
 * The partner report (docs/report.md): one statement (one snapshot, so every view sums to the same
 * total) reads the rollups kept by triggers: months and top-level categories from the company's
 * rows per month and level-3 category, makes from its rows per month and make (a few rows per
 * month each), and the part ranking from its rows per month and part, summed per part, of which
 * only the largest are joined to their names.
 */

interface Period {
  start: string;
  end: string;
  lastStart: string;
  lastEnd: string;
}

function periodOf(input: ReportPeriod, now: Date): Period {
  const fallback = defaultReportPeriod(chinaMonthOf(now));
  const start = input.start_month ?? fallback.start_month;
  const end = input.end_month ?? fallback.end_month;
  const problem = reportPeriodProblem(start, end);
  if (problem) refuse(problem);
  return { start, end, lastStart: lastYearMonth(start), lastEnd: lastYearMonth(end) };
}

interface Row {
  kind: 'month' | 'category' | 'make' | 'part';
  key: string;
  id: number | null;
  name: string | null;
  frey_no: string | null;
  make_name: string | null;
  category_name: string | null;
  quantity: string;
  amount: string;
  last_quantity: string;
  last_amount: string;
  part_count: string | null;
}

const figures = (r: Pick<Row, 'quantity' | 'amount' | 'last_quantity' | 'last_amount'>) => ({
  quantity: Number(r.quantity),
  amount: r.amount,
  last_quantity: Number(r.last_quantity),
  last_amount: r.last_amount,
  yoy: yearOnYear(r.amount, r.last_amount),
});

const NOTHING = { quantity: '0', amount: '0.00', last_quantity: '0', last_amount: '0.00' };

async function reportRows(ctx: DealerRequestContext, p: Period, partRows: number | null): Promise<Row[]> {
  const { companyId } = ctx.caller;
  const start = sql`${`${p.start}-01`}::date`;
  const inPeriods = (month: SQL) =>
    sql`(${month} between ${start} and ${`${p.end}-01`}::date or ${month} between ${`${p.lastStart}-01`}::date and ${`${p.lastEnd}-01`}::date)`;
  // The four figures of rows with month m, quantity q and amount a: this period's, and the year before's.
  const figures = sql`coalesce(sum(q) filter (where m >= ${start}), 0) as quantity,
    coalesce(sum(a) filter (where m >= ${start}), 0) as amount,
    coalesce(sum(q) filter (where m < ${start}), 0) as last_quantity,
    coalesce(sum(a) filter (where m < ${start}), 0) as last_amount`;
  const bought = sql`sum(q) <> 0 or sum(a) <> 0`;
  const topParts = partRows === null ? sql`` : sql`order by amount desc, last_amount desc, id limit ${partRows}`;
  const shown = (x: string) =>
    sql.raw(`${x}.quantity::text, (${x}.amount::numeric / 100)::numeric(16, 2)::text as amount,
    ${x}.last_quantity::text, (${x}.last_amount::numeric / 100)::numeric(16, 2)::text as last_amount`);
  const { rows } = await ctx.db.execute(sql`
    with cats as (
      select g.month as m, g.quantity as q, g.amount_cents as a, coalesce(c2.parent_id, c2.id, c3.id) as top
      from purchase_category_months g
      join categories c3 on c3.id = g.category_id
      left join categories c2 on c2.id = c3.parent_id
      where g.company_id = ${companyId} and ${inPeriods(sql`g.month`)}
    ), groups as (
      select case when grouping(slot) = 0 then 'month' else 'category' end as kind, slot, top as id, ${figures}
      from (select cats.*, case when m >= ${start} then m else (m + interval '1 year')::date end as slot from cats) x
      group by grouping sets ((slot), (top)) having ${bought}
      union all
      select 'make', null, make_id, ${figures}
      from (select month as m, quantity as q, amount_cents as a, make_id from purchase_make_months
        where company_id = ${companyId} and ${inPeriods(sql`month`)}) x
      group by make_id having ${bought}
    ), ranked as (
      select groups.*, row_number() over (partition by kind order by amount desc, last_amount desc, id) as rank
      from groups
    ), parts as materialized (
      -- Part by part in the order of purchase_months_company_product_idx (an index-only scan summed as it goes).
      select product_id as id, ${figures}
      from (select month as m, quantity as q, amount_cents as a, product_id from purchase_months
        where company_id = ${companyId} and ${inPeriods(sql`month`)}) x
      group by product_id having ${bought}
    ), top_parts as (
      select * from parts ${topParts}
    )
    select x.kind, coalesce(to_char(x.slot, 'YYYY-MM'), '') as key, x.id, coalesce(c.l_name_zh, m.name_zh) as name,
      null as frey_no, null as make_name, null as category_name, ${shown('x')}, x.rank, null as part_count
    from ranked x
    left join categories c on x.kind = 'category' and c.id = x.id
    left join makes m on x.kind = 'make' and m.id = x.id
    union all
    select 'part', '', p.id, pr.l_name_zh, pr.frey_no, pm.name_zh, pc.l_name_zh, ${shown('p')},
      row_number() over (order by p.amount desc, p.last_amount desc, p.id), (select count(*) from parts)::text
    from top_parts p
    join products pr on pr.id = p.id
    left join makes pm on pm.id = pr.make_id
    left join categories pc on pc.id = pr.category_id
    order by kind, rank`);
  return rows as unknown as Row[];
}

function summaryOf(p: Period, rows: Row[]): PartnerSaleSummary {
  const byMonth = new Map(rows.filter((r) => r.kind === 'month').map((r) => [r.key, r]));
  const months: ReportMonth[] = monthsBetween(p.start, p.end).map((month) => ({
    month,
    last_month: lastYearMonth(month),
    ...figures(byMonth.get(month) ?? NOTHING),
  }));
  const group = (kind: Row['kind']): ReportGroup[] =>
    rows.filter((r) => r.kind === kind).map((r) => ({ id: Number(r.id), name: r.name ?? '', ...figures(r) }));
  const partRows = rows.filter((r) => r.kind === 'part');
  const parts: ReportPart[] = partRows.map((r) => ({
    product_id: Number(r.id),
    frey_no: r.frey_no ?? '',
    l_name_zh: r.name ?? '',
    make_name: r.make_name ?? '',
    category_name: r.category_name ?? '',
    ...figures(r),
  }));
  // The months' sums are the totals (every row of the period falls in one month).
  const total = rows
    .filter((r) => r.kind === 'month')
    .reduce(
      (t, r) => ({
        quantity: t.quantity + BigInt(r.quantity),
        amount: t.amount + cents(r.amount),
        last_quantity: t.last_quantity + BigInt(r.last_quantity),
        last_amount: t.last_amount + cents(r.last_amount),
      }),
      { quantity: 0n, amount: 0n, last_quantity: 0n, last_amount: 0n },
    );
  return {
    start_month: p.start,
    end_month: p.end,
    last_start_month: p.lastStart,
    last_end_month: p.lastEnd,
    total: figures({
      quantity: String(total.quantity),
      amount: centsToMoney(total.amount),
      last_quantity: String(total.last_quantity),
      last_amount: centsToMoney(total.last_amount),
    }),
    months,
    categories: group('category'),
    makes: group('make'),
    parts,
    part_count: partRows.length === 0 ? 0 : Number(partRows[0]!.part_count),
  };
}

function cents(amount: string): bigint {
  return toCents(amount) ?? 0n;
}

function mainOnly(ctx: DealerRequestContext): void {
  if (!ctx.caller.isMain) refuse(REPORT_TEXTS.mainOnly);
}

/** The company's purchases of a period against the same months a year earlier (main accounts). */
export async function partnerSaleSummary(
  ctx: DealerRequestContext,
  input: ReportPeriod,
  now = new Date(),
): Promise<PartnerSaleSummary> {
  mainOnly(ctx);
  const p = periodOf(input, now);
  return summaryOf(p, await reportRows(ctx, p, REPORT_PART_ROWS));
}

const FIGURE_COLUMNS = [
  { header: '采购数量', key: 'quantity', width: 12 },
  { header: '采购金额', key: 'amount', width: 14, money: true },
  { header: '去年同期数量', key: 'last_quantity', width: 14 },
  { header: '去年同期金额', key: 'last_amount', width: 16, money: true },
  { header: '同比(%)', key: 'yoy', width: 10 },
];

/** The report as .xlsx: a sheet per view (month, category, make, every part). */
export async function partnerSaleWorkbook(ctx: DealerRequestContext, input: ReportPeriod, now = new Date()) {
  mainOnly(ctx);
  const p = periodOf(input, now);
  const s = summaryOf(p, await reportRows(ctx, p, null));
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = (
    title: string,
    lead: { header: string; key: string; width: number }[],
    rows: Record<string, unknown>[],
  ) => {
    const ws = workbook.addWorksheet(title);
    const columns = [...lead, ...FIGURE_COLUMNS];
    ws.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
    ws.getRow(1).font = { bold: true };
    for (const c of FIGURE_COLUMNS) if (c.money) ws.getColumn(c.key).numFmt = '0.00';
    for (const r of rows) {
      ws.addRow({ ...r, amount: Number(r.amount), last_amount: Number(r.last_amount), yoy: r.yoy ?? '' });
    }
    ws.addRow({
      [lead[0]!.key]: '合计',
      ...s.total,
      amount: Number(s.total.amount),
      last_amount: Number(s.total.last_amount),
      yoy: s.total.yoy ?? '',
    }).font = { bold: true };
  };
  sheet(
    '按月份',
    [
      { header: '月份', key: 'month', width: 10 },
      { header: '去年同月', key: 'last_month', width: 10 },
    ],
    s.months,
  );
  sheet('按分类', [{ header: '分类', key: 'name', width: 16 }], s.categories);
  sheet('按车型品牌', [{ header: '品牌', key: 'name', width: 16 }], s.makes);
  sheet(
    '按配件',
    [
      { header: '配件编码', key: 'frey_no', width: 16 },
      { header: '配件名称', key: 'l_name_zh', width: 18 },
      { header: '品牌', key: 'make_name', width: 12 },
      { header: '分类', key: 'category_name', width: 14 },
    ],
    s.parts,
  );
  return workbookBuffer(workbook);
}
