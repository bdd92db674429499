import { sql } from 'drizzle-orm';
import type {
  AdminResourcePage,
  AdminResourceQuery,
  ResourceEntry,
  ResourcePage,
  ResourcePreview,
  ResourceRow,
} from '@shop/core/api/resource-share';
import { money, toCents } from '@shop/core/money';
import { normalizePartNumber } from '@shop/core/part-number';
import {
  RESOURCE_COLUMNS,
  RESOURCE_NAME_MAX,
  RESOURCE_NUMBER_MAX,
  RESOURCE_PREVIEW_HOURS,
  RESOURCE_QUANTITY_MAX,
  RESOURCE_ROWS_MAX,
  RESOURCE_STATUS_TEXT,
  RESOURCE_TEXTS as T,
  type ResourceStatus,
} from '@shop/core/resource-share-rules';
import type { Db } from '../../db/client';
import { chinaDateTime } from '../../lib/china-time';
import { BusinessError, refuse } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import type { DealerRequestContext, StaffRequestContext } from '../../platform/request-context';
import {
  cellProblem,
  checkSpreadsheet,
  IMPORT_TEXTS,
  readWorkbook,
  withFormulaAdvice,
} from '../bulk-search/spreadsheet-import';
import { writeAudit, type AuditActor } from '../staff/audit';
import type { ResourceShareTakenDownEvent } from './events';

/**
 * Resource share (docs/resource-share.md): the sheet is read as the parts import reads it
 * (checkSpreadsheet: size, type, zip directory; readWorkbook: a worker with time, memory and cell
 * limits, the company's turn in the fair queue), then its rows become a preview; publishing makes
 * the preview's lines visible to other dealers.
 */
const PAGE_SIZE = 20;
const REPORTED_ROWS_MAX = 10;
const PRICE_MAX_CENTS = 100_000_000_00n;

interface Columns {
  number: number;
  name: number;
  quantity: number;
  price: number | null;
  start: number;
}

/** The header row among the first five: it names at least the number, name and quantity columns. */
function findColumns(rows: string[][]): Columns | null {
  for (let i = 0; i < Math.min(rows.length, 5); i += 1) {
    const row = rows[i]!.map((c) => c.trim());
    const at = (re: RegExp, not?: number[]) => row.findIndex((c, k) => c !== '' && re.test(c) && !not?.includes(k));
    const number = at(RESOURCE_COLUMNS.number);
    const name = at(RESOURCE_COLUMNS.name, [number]);
    const quantity = at(RESOURCE_COLUMNS.quantity, [number, name]);
    if (number < 0 || name < 0 || quantity < 0) continue;
    const price = at(RESOURCE_COLUMNS.price, [number, name, quantity]);
    return { number, name, quantity, price: price < 0 ? null : price, start: i + 1 };
  }
  return null;
}

/** The sheet's rows as lines to share, and the rows skipped with why. */
export function rowsToResources(rows: string[][], firstRow: number): { rows: ResourceRow[]; problems: string[] } {
  const columns = findColumns(rows);
  if (!columns) throw new BusinessError(T.columns);
  const out: ResourceRow[] = [];
  const problems: string[] = [];
  for (let i = columns.start; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (!row.some((c) => c.trim())) continue;
    const excelRow = firstRow + i;
    const cell = (k: number | null) => (k === null ? '' : (row[k] ?? '').trim());
    const [number, name, quantityText, priceText] = [
      cell(columns.number),
      cell(columns.name),
      cell(columns.quantity),
      cell(columns.price),
    ];
    const skip = (why: string) => problems.push(`第 ${excelRow} 行${why}`);
    if ([number, name, quantityText, priceText].some((c) => c.includes('\u0000'))) {
      skip('包含无效字符');
      continue;
    }
    const unreadable = [number, name, quantityText, priceText].map(cellProblem).find(Boolean);
    if (unreadable) {
      skip(unreadable);
      continue;
    }
    if (!number || !normalizePartNumber(number)) {
      skip('缺少配件编号');
      continue;
    }
    if (number.length > RESOURCE_NUMBER_MAX) {
      skip('编号过长');
      continue;
    }
    if (!name) {
      skip('缺少配件名称');
      continue;
    }
    // Figures typed full-width on a Chinese keyboard ('２', '１，２００', '￥３５') are folded first.
    const quantityFigure = quantityText.normalize('NFKC').replace(/,/g, '');
    const quantity = /^\d+(\.0+)?$/.test(quantityFigure) ? Number(quantityFigure) : NaN;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > RESOURCE_QUANTITY_MAX) {
      skip(`数量“${quantityText.slice(0, 10)}”无法识别`);
      continue;
    }
    let price: string | null = null;
    if (priceText) {
      const priceFigure = priceText.normalize('NFKC').replace(/^¥/, '').replace(/,/g, '');
      const cents = toCents(priceFigure);
      if (cents === undefined || cents < 0n || cents > PRICE_MAX_CENTS) {
        skip(`价格“${priceText.slice(0, 10)}”无法识别`);
        continue;
      }
      price = money(priceFigure);
    }
    if (out.length >= RESOURCE_ROWS_MAX) {
      problems.push(`超过 ${RESOURCE_ROWS_MAX} 行，其余未读取`);
      break;
    }
    out.push({ row: excelRow, number, name: name.slice(0, RESOURCE_NAME_MAX), quantity, price });
  }
  const reported = withFormulaAdvice(problems.slice(0, REPORTED_ROWS_MAX));
  if (out.length === 0) throw new BusinessError(problems.length ? `${T.noRows}：${reported.join('、')}` : T.noRows);
  const more = problems.length > REPORTED_ROWS_MAX ? [`等 ${problems.length} 行`] : [];
  return { rows: out, problems: [...reported, ...more] };
}

/** Reads an uploaded sheet into a preview of the company (nothing visible to others yet). */
export async function importPreview(
  ctx: DealerRequestContext,
  file: { name: string; bytes: Buffer },
  contact: string,
): Promise<ResourcePreview> {
  checkSpreadsheet(file.name, file.bytes);
  const answer = await readWorkbook(file.bytes, ctx.caller.companyId);
  if (answer.kind === 'password') refuse(IMPORT_TEXTS.password);
  if (answer.kind === 'too_many_cells') refuse(IMPORT_TEXTS.tooManyCells);
  if (answer.kind !== 'ok') refuse(IMPORT_TEXTS.notSpreadsheet);
  if (answer.merged) refuse(IMPORT_TEXTS.merged);
  if (!answer.rows.some((r) => r.some(Boolean))) refuse(IMPORT_TEXTS.empty);
  const { rows, problems } = rowsToResources(answer.rows, answer.firstRow);
  const { companyId, accountId } = ctx.caller;
  const previewId = await ctx.transaction(async (tx) => {
    // Previews older than a day that were never published go with this one's writing.
    await tx.execute(sql`delete from resource_share_imports where company_id = ${companyId} and published_at is null
      and created_at < now() - make_interval(hours => ${RESOURCE_PREVIEW_HOURS})`);
    const [imp] = (
      await tx.execute(sql`insert into resource_share_imports (company_id, account_id, contact, file_name)
        values (${companyId}, ${accountId}, ${contact}, ${file.name.replaceAll('\u0000', '').slice(0, 200)}) returning id`)
    ).rows as { id: number }[];
    const id = Number(imp!.id);
    await tx.execute(sql`insert into resource_shares (import_id, company_id, account_id, number, number_norm, name, quantity, price, contact)
      select ${id}, ${companyId}, ${accountId}, r.number, r.norm, r.name, r.quantity, r.price::numeric, ${contact}
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, norm: normalizePartNumber(r.number) })))}::jsonb)
        as r(number text, norm text, name text, quantity int, price text)`);
    return id;
  });
  return { preview_id: previewId, contact, rows, problems };
}

/** Publishes a preview of the company; publishing it again answers the same count. */
export async function publish(ctx: DealerRequestContext, previewId: number): Promise<{ published: number }> {
  const { companyId } = ctx.caller;
  return ctx.transaction(async (tx) => {
    const [imp] = (
      await tx.execute(sql`select id, published_at from resource_share_imports
        where id = ${previewId} and company_id = ${companyId} for update`)
    ).rows as { id: number; published_at: unknown }[];
    if (!imp) refuse(T.previewGone);
    if (imp.published_at === null) {
      await tx.execute(sql`update resource_share_imports set published_at = now() where id = ${previewId}`);
      await tx.execute(sql`update resource_shares set status = 'active', updated_at = now()
        where import_id = ${previewId} and status = 'preview'`);
    }
    const [n] = (
      await tx.execute(
        sql`select count(*)::int as n from resource_shares where import_id = ${previewId} and status <> 'preview'`,
      )
    ).rows as { n: number }[];
    return { published: Number(n!.n) };
  });
}

interface EntryRow {
  id: number;
  number: string;
  name: string;
  quantity: number;
  price: string | null;
  contact: string;
  created_at: Date | string;
}

const entryOf = (r: EntryRow): ResourceEntry => ({
  id: Number(r.id),
  number: r.number,
  name: r.name,
  quantity: Number(r.quantity),
  price: r.price,
  contact: r.contact,
  create_time: chinaDateTime(new Date(r.created_at)),
});

function keywordFilter(keyword: string) {
  if (!keyword) return sql`true`;
  const norm = normalizePartNumber(keyword);
  const byNumber = norm ? sql`s.number_norm like ${`${norm.replace(/[%_\\]/g, '\\$&')}%`}` : sql`false`;
  return sql`(${byNumber} or s.name like ${containsPattern(keyword)})`;
}

/** Other dealers' shared stock, newest first, by number (prefix) or name (contains). */
export async function searchShared(
  ctx: DealerRequestContext,
  q: { keyword: string; page: number },
): Promise<ResourcePage> {
  const where = sql`s.status = 'active' and s.company_id <> ${ctx.caller.companyId} and ${keywordFilter(q.keyword)}`;
  return page(ctx.db, where, q.page);
}

/** The company's own published entries. */
export async function mine(ctx: DealerRequestContext, q: { page: number }): Promise<ResourcePage> {
  return page(ctx.db, sql`s.status = 'active' and s.company_id = ${ctx.caller.companyId}`, q.page);
}

async function page(db: Db, where: ReturnType<typeof sql>, pageNo: number): Promise<ResourcePage> {
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute(sql`select s.id, s.number, s.name, s.quantity, s.price::text as price, s.contact, s.created_at
      from resource_shares s where ${where} order by s.id desc limit ${PAGE_SIZE} offset ${(pageNo - 1) * PAGE_SIZE}`),
    db.execute(sql`select count(*)::int as n from resource_shares s where ${where}`),
  ]);
  return {
    list: (rows as unknown as EntryRow[]).map(entryOf),
    total: Number((count[0] as { n: number }).n),
    page: pageNo,
    limit: PAGE_SIZE,
  };
}

/** Withdraws one of the company's own entries (another company's id is 'not found'). */
export async function withdraw(ctx: DealerRequestContext, id: number): Promise<void> {
  const { rows } = await ctx.db.execute(sql`update resource_shares set status = 'withdrawn', updated_at = now()
    where id = ${id} and company_id = ${ctx.caller.companyId} and status = 'active' returning id`);
  if (rows.length === 0) refuse(T.notFound);
}

/** Staff: every published entry with its company and account, by keyword, company name and status. */
export async function adminList(db: Db, q: AdminResourceQuery): Promise<AdminResourcePage> {
  const where = sql`s.status <> 'preview' and ${q.status ? sql`s.status = ${q.status}` : sql`true`}
    and ${keywordFilter(q.keyword)} and ${q.company ? sql`c.name ilike ${containsPattern(q.company)}` : sql`true`}`;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute(sql`select s.id, s.number, s.name, s.quantity, s.price::text as price, s.contact, s.created_at,
        s.updated_at, s.status, s.note, s.company_id, c.name as company_name,
        a.username as account_name, a.phone as account_phone
      from resource_shares s join companies c on c.id = s.company_id join accounts a on a.id = s.account_id
      where ${where} order by s.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute(sql`select count(*)::int as n from resource_shares s join companies c on c.id = s.company_id
      where ${where}`),
  ]);
  type AdminRow = EntryRow & {
    status: ResourceStatus;
    note: string;
    company_id: number;
    company_name: string;
    account_name: string;
    account_phone: string;
    updated_at: Date | string;
  };
  return {
    list: (rows as unknown as AdminRow[]).map((r) => ({
      ...entryOf(r),
      company_id: Number(r.company_id),
      company_name: r.company_name,
      account_name: r.account_name,
      account_phone: r.account_phone,
      status: r.status,
      status_cn: RESOURCE_STATUS_TEXT[r.status] ?? r.status,
      note: r.note,
      update_time: chinaDateTime(new Date(r.updated_at)),
    })),
    total: Number((count[0] as { n: number }).n),
    page: q.page,
    limit: q.limit,
  };
}

/** Staff take an active entry down with a reason, audited in the same transaction. */
export async function takeDown(ctx: StaffRequestContext, actor: AuditActor, id: number, reason: string): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const { rows } =
      await tx.execute(sql`update resource_shares set status = 'taken_down', note = ${reason}, updated_at = now()
      where id = ${id} and status = 'active' returning id, company_id, account_id, number, name`);
    const row = rows[0] as
      { id: number; company_id: number; account_id: number; number: string; name: string } | undefined;
    if (!row) refuse(T.notFound);
    await writeAudit(tx, actor, {
      action: 'resource_share.take_down',
      entityType: 'resource_share',
      entityId: String(id),
      before: { status: 'active', company_id: Number(row.company_id), number: row.number, name: row.name },
      after: { status: 'taken_down', note: reason },
    });
    const event: ResourceShareTakenDownEvent = {
      type: 'resource_share.taken_down',
      companyId: Number(row.company_id),
      accountId: Number(row.account_id),
      shareId: id,
      number: row.number,
      name: row.name,
      reason,
    };
    emit(event);
  });
}
