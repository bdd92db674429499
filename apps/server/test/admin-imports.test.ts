import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_TEXTS, type ImportBatch, type ImportRowList, type PartPrices } from '@shop/core/api/admin-prices';
import { getBrandVariant } from '@shop/core/brand-variants';
import { buildApp } from '../src/app';
import { giveUpStaleWork, purgeOldImportRows } from '../src/modules/erp-imports/maintenance';
import { whenSettled } from '../src/modules/erp-imports/service';
import { body } from './helpers/api';
import { encryptedWorkbook } from './helpers/encrypted-workbook';
import { adminCalls } from './helpers/admin-calls';
import { multipartForm } from './helpers/multipart';
import { auditOf } from './helpers/staff';
import { type StaffLogin, useAdminShop } from './admin-test-data';

/** /api/admin/imports/{parts,prices,stock}: upload, preview of every row, apply, rollback with conflicts. */

const s = useAdminShop();

const { rows, admin, deliver } = adminCalls(() => s);
const labels = () => getBrandVariant(s.t.config.BRAND).priceLabels;

function upload(who: StaffLogin, kind: string, filename: string, content: Buffer) {
  const form = multipartForm({}, { field: 'file', filename, contentType: 'application/octet-stream', content });
  return s.asStaff(who, {
    method: 'POST',
    url: `/api/admin/imports/${kind}`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** Uploads and waits for the preview. */
async function previewed(kind: string, filename: string, content: Buffer): Promise<ImportBatch> {
  const res = body<ImportBatch>(await upload('catalog', kind, filename, content));
  expect(res.status, res.msg).toBe(200);
  expect(res.data.status).toBe('previewing');
  await whenSettled(res.data.id);
  return body<ImportBatch>(await admin('catalog', 'GET', `/imports/${kind}/${res.data.id}`)).data;
}

async function previewRows(kind: string, id: number, state?: string) {
  return body<ImportRowList>(
    await admin('catalog', 'GET', `/imports/${kind}/${id}/rows?limit=100${state ? `&state=${state}` : ''}`),
  ).data.list;
}

/** Applies (or rolls back) and waits for the work to end. */
async function run(kind: string, id: number, action: 'apply' | 'rollback'): Promise<ImportBatch> {
  const res = body<ImportBatch>(await admin('catalog', 'POST', `/imports/${kind}/${id}/${action}`, {}));
  expect(res.status, res.msg).toBe(200);
  await whenSettled(id);
  return body<ImportBatch>(await admin('catalog', 'GET', `/imports/${kind}/${id}`)).data;
}

const priceOf = async (productId: number, key: string) =>
  body<PartPrices>(await admin('catalog', 'GET', `/prices/${productId}`)).data.prices.find((p) => p.key === key)!
    .amount;

describe('who may', () => {
  it('each kind needs its permission; a dealer is refused', async () => {
    const csv = Buffer.from('配件编号,可用库存\nOT-1001,5\n');
    expect((await upload('service', 'stock', 's.csv', csv)).statusCode).toBe(403);
    expect((await upload('finance', 'prices', 'p.csv', csv)).statusCode).toBe(403);
    expect((await admin('service', 'GET', '/imports/parts')).statusCode).toBe(403);
    expect((await admin('service', 'POST', '/imports/stock/1/apply', {})).statusCode).toBe(403);
    expect((await admin('service', 'POST', '/imports/stock/1/rollback', {})).statusCode).toBe(403);
    expect((await admin('service', 'GET', '/imports/stock/1/rows')).statusCode).toBe(403);
    const token = await s.t.loginAs('aMain');
    for (const url of ['/api/admin/imports/prices', '/api/admin/imports/stock/1', '/api/admin/imports/parts/1/rows']) {
      expect((await s.t.app.inject({ url, headers: s.t.auth(token) })).statusCode, url).toBe(401);
    }
    expect(body(await admin('catalog', 'GET', '/imports/prices')).status).toBe(200);
  });

  it('refuses what is not an .xlsx or .csv before reading it', async () => {
    expect(body(await upload('catalog', 'prices', 'list.txt', Buffer.from('a,b\n')))).toMatchObject({
      status: 201,
      msg: '请上传 .xlsx 或 .csv 文件',
    });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(body(await upload('catalog', 'prices', 'list.csv', png))).toMatchObject({
      status: 201,
      msg: '文件内容不是有效的 .xlsx 或 .csv 表格',
    });
  });

  it('says a password-protected .xlsx is one, as the dealer import does; an .xls is still not taken', async () => {
    const batches = async () => (await rows(sql`select id from import_batches`)).length;
    const before = await batches();
    expect(body(await upload('catalog', 'prices', '价格.xlsx', encryptedWorkbook()))).toMatchObject({
      status: 201,
      msg: '表格已设置密码保护，请取消密码后再导入',
    });
    // An .xls (an OLE file too) named .xlsx.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['配件编号', '可用库存'],
        ['OT-1001', 5],
      ]),
      'S',
    );
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(body(await upload('catalog', 'stock', '库存.xlsx', xls))).toMatchObject({
      status: 201,
      msg: '文件内容不是有效的 .xlsx 或 .csv 表格',
    });
    // Refused on upload: no batch.
    expect(await batches()).toBe(before);
  });
});

describe('a price list', () => {
  let batchId: number;
  const [dealer, second] = [0, 1];

  it('previews every row: update with the changed fields, unchanged, and errors with their reason', async () => {
    const [l0, l1] = [labels()[dealer]!, labels()[second]!];
    const p2Second = await priceOf(s.ids.p2, l1.key);
    const p1Dealer = await priceOf(s.ids.p1, l0.key);
    const csv = [
      `配件编号,${l0.label},${l1.label}`,
      'OT-1001,123.40,',
      `OT-1002,,${p2Second}`,
      'NOPE-404,10,',
      'OT-1003,abc,',
      'OT-1004,5\u0000,',
      'ot 1001,99,',
      'OT-1005,"1,234.50",7',
    ].join('\r\n');
    const batch = await previewed('prices', 'prices.csv', Buffer.from(`\ufeff${csv}`));
    batchId = batch.id;
    expect(batch).toMatchObject({
      kind: 'prices',
      status: 'previewed',
      file_name: 'prices.csv',
      staff_name: '商品运营',
      total_rows: 7,
      counts: { create: 0, update: 2, unchanged: 1, error: 4 },
    });
    const all = await previewRows('prices', batch.id);
    expect(all.map((r) => [r.row_no, r.state, r.error])).toEqual([
      [2, 'update', ''],
      [3, 'unchanged', ''],
      [4, 'error', '配件编号不存在'],
      [5, 'error', `${l0.label}“abc”不是有效的价格`],
      [6, 'error', '含有非法字符（如 NUL），请检查该行'],
      [7, 'error', '与第 2 行重复'],
      [8, 'update', ''],
    ]);
    expect(all[0]!.changes).toEqual({ [l0.key]: { old: p1Dealer, new: '123.40' } });
    expect(all[6]!.changes[l0.key]!.new).toBe('1234.50');
    expect((await previewRows('prices', batch.id, 'error')).map((r) => r.row_no)).toEqual([4, 5, 6, 7]);
    // Nothing changed yet.
    expect(await priceOf(s.ids.p1, l0.key)).toBe(p1Dealer);
  });

  it('applies in one go: prices, history with the batch, audit, the buyers told; only once', async () => {
    const l0 = labels()[dealer]!;
    const old = await priceOf(s.ids.p1, l0.key);
    await s.placeOrder([{ part: 'p1', quantity: 1 }]);
    await deliver();
    const applied = await run('prices', batchId, 'apply');
    expect(applied).toMatchObject({ status: 'applied', progress: null, error: '' });
    expect(applied.applied_at).not.toBeNull();
    expect(await priceOf(s.ids.p1, l0.key)).toBe('123.40');
    expect(await priceOf(s.ids.p5, l0.key)).toBe('1234.50');
    const history = body<PartPrices>(await admin('catalog', 'GET', `/prices/${s.ids.p1}`)).data.history;
    expect(history[0]).toMatchObject({ source: 'import', batch_id: batchId, old_amount: old, new_amount: '123.40' });
    const audit = await auditOf(s, 'import_batch', batchId);
    expect(audit.map((a) => a.action)).toEqual(['imports.apply', 'imports.upload']);
    expect(audit[0]).toMatchObject({ after: { kind: 'prices' } });
    expect(audit[1]).toMatchObject({ after: { kind: 'prices', file_name: 'prices.csv' } });
    // A second apply is refused.
    expect(body(await admin('catalog', 'POST', `/imports/prices/${batchId}/apply`, {}))).toMatchObject({
      status: 201,
      msg: '该批次不是待确认状态，不能导入',
    });
    await deliver();
    const a = s.t.fixtures.accounts.aMain;
    const told = await rows(
      sql`select tip_name, tip_word from messages where category_id = 7 and account_id = ${a.id}`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.tip_word).toContain('OT-1001');
  });

  it('rolls back what still holds its value and names the field changed since', async () => {
    const l0 = labels()[dealer]!;
    const l1 = labels()[second]!;
    const [p1Before] = await rows(sql`select old_amount::text as old from price_history
      where batch_id = ${batchId} and product_id = ${s.ids.p1}`);
    const [p5Second] = await rows(sql`select old_amount::text as old from price_history
      where batch_id = ${batchId} and product_id = ${s.ids.p5} and price_key = ${l1.key}`);
    // Someone changes p5's dealer price after the import.
    expect(
      body(
        await admin('admin', 'POST', `/prices/${s.ids.p5}`, {
          prices: { [l0.key]: '999.00' },
          expected: { [l0.key]: '1234.50' },
        }),
      ).status,
    ).toBe(200);
    const rolled = await run('prices', batchId, 'rollback');
    expect(rolled).toMatchObject({ status: 'rolled_back', report: { restored: 2, conflicts: 1, deleted: 0 } });
    expect(await priceOf(s.ids.p1, l0.key)).toBe(p1Before!.old);
    expect(await priceOf(s.ids.p5, l0.key)).toBe('999.00');
    expect(await priceOf(s.ids.p5, l1.key)).toBe(p5Second!.old);
    const conflicts = await previewRows('prices', batchId, 'conflict');
    expect(conflicts.map((r) => [r.number, r.conflicts])).toEqual([
      ['OT-1005', { [l0.key]: { expected: '1234.50', current: '999.00' } }],
    ]);
    const history = body<PartPrices>(await admin('catalog', 'GET', `/prices/${s.ids.p1}`)).data.history;
    expect(history[0]).toMatchObject({ source: 'rollback', new_amount: p1Before!.old, old_amount: '123.40' });
    expect((await auditOf(s, 'import_batch', batchId))[0]).toMatchObject({ action: 'imports.rollback' });
    expect(body(await admin('catalog', 'POST', `/imports/prices/${batchId}/rollback`, {}))).toMatchObject({
      status: 201,
      msg: '该批次未导入，不能回滚',
    });
    // Another kind's path does not find it.
    expect(body(await admin('catalog', 'GET', `/imports/stock/${batchId}`))).toMatchObject({
      status: 201,
      msg: '导入批次不存在',
    });
  });
});

async function xlsx(rowsOf: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('库存');
  for (const r of rowsOf) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('a stock list (.xlsx)', () => {
  it('previews, applies (a part back from 0 tells its reminder), rolls back', async () => {
    const a = s.t.fixtures.accounts.aSub;
    await s.t.db.execute(
      sql`update product_stocks set available = 0 where product_id = ${s.ids.p7} and warehouse_id = 1`,
    );
    await s.t.db.execute(
      sql`insert into restock_requests (account_id, company_id, product_id) values (${a.id}, ${a.companyId}, ${s.ids.p7})`,
    );
    const file = await xlsx([
      ['配件编号', '仓库', '可用库存', '在途库存'],
      ['OT-1007', '广州仓', 12, 3],
      ['OT-1006', 2, 50, ''],
      ['OT-1006', '上海仓', 1, 1],
      ['OT-1005', 1, -3, 0],
      ['OT-1005', 1, 'lots', 0],
    ]);
    const batch = await previewed('stock', 'stock.xlsx', file);
    expect(batch).toMatchObject({ status: 'previewed', counts: { update: 1, unchanged: 1, error: 3, create: 0 } });
    const all = await previewRows('stock', batch.id);
    expect(all.map((r) => [r.number, r.warehouse_id, r.state, r.error])).toEqual([
      ['OT-1007', 1, 'update', ''],
      ['OT-1006', 2, 'unchanged', ''],
      ['OT-1006', 0, 'error', '仓库“上海仓”不存在'],
      ['OT-1005', 1, 'error', '可用库存“-3”不是有效的整数'],
      ['OT-1005', 1, 'error', '可用库存“lots”不是有效的整数'],
    ]);
    expect(all[0]!.changes).toEqual({ available: { old: '0', new: '12' }, in_transit: { old: '0', new: '3' } });

    expect(await run('stock', batch.id, 'apply')).toMatchObject({ status: 'applied' });
    const [stock] = await rows(
      sql`select available, in_transit from product_stocks where product_id = ${s.ids.p7} and warehouse_id = 1`,
    );
    expect(stock).toEqual({ available: 12, in_transit: 3 });
    await deliver();
    expect(await rows(sql`select account_id from messages where category_id = 3 and number = 'OT-1007'`)).toEqual([
      { account_id: a.id },
    ]);

    // An order takes 2 after the import: available is left (and named), in transit restored.
    await s.t.db.execute(
      sql`update product_stocks set available = 10 where product_id = ${s.ids.p7} and warehouse_id = 1`,
    );
    const rolled = await run('stock', batch.id, 'rollback');
    expect(rolled).toMatchObject({ status: 'rolled_back', report: { restored: 1, conflicts: 1 } });
    const [after] = await rows(
      sql`select available, in_transit from product_stocks where product_id = ${s.ids.p7} and warehouse_id = 1`,
    );
    expect(after).toEqual({ available: 10, in_transit: 0 });
    expect((await previewRows('stock', batch.id, 'conflict'))[0]!.conflicts).toEqual({
      available: { expected: '12', current: '10' },
    });
  });

  it("a cell with a formula saved without its value, or with an error, is its row's error, never read as empty", async () => {
    // ExcelJS writes a formula without a result as a program that does not calculate does: <c><f>..</f></c>.
    const formula = (f: string): ExcelJS.CellFormulaValue => ({ formula: f }) as ExcelJS.CellFormulaValue;
    const file = await xlsx([
      ['配件编号', '仓库', '可用库存', '在途库存'],
      ['OT-1007', 1, formula('D2*4'), 3],
      [formula('"OT-"&1006'), 1, 5, 0],
      ['OT-1006', 1, { formula: '1/0', result: { error: '#DIV/0!' } }, 0],
      ['OT-1005', 1, 7, formula('C5+1')],
      ['OT-1004', 1, 6, 0],
    ]);
    const batch = await previewed('stock', 'stock.xlsx', file);
    const all = await previewRows('stock', batch.id);
    expect(all.map((r) => [r.row_no, r.number, r.state, r.error])).toEqual([
      [2, 'OT-1007', 'error', '可用库存含未计算的公式（请用 Excel 打开表格并保存后再导入）'],
      [3, '', 'error', '配件编号含未计算的公式（请用 Excel 打开表格并保存后再导入）'],
      [4, 'OT-1006', 'error', '可用库存有公式错误“#DIV/0!”'],
      [5, 'OT-1005', 'error', '在途库存含未计算的公式（请用 Excel 打开表格并保存后再导入）'],
      [6, 'OT-1004', expect.stringMatching(/^(update|unchanged)$/), ''],
    ]);
  });

  it('a malformed spreadsheet fails its preview with the reason; a file without the number column too', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const failed = await previewed('stock', 'broken.xlsx', broken);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.error).not.toBe('');
    const noNumber = await previewed('stock', 'x.csv', Buffer.from('名称,库存\n刹车片,5\n'));
    expect(noNumber).toMatchObject({ status: 'failed', error: '找不到“配件编号”列，请按模板填写表头' });
    expect(body(await admin('catalog', 'POST', `/imports/stock/${failed.id}/apply`, {}))).toMatchObject({
      status: 201,
    });
  });
});

describe('a parts list', () => {
  it('creates new parts and updates known ones field by field; the rollback deletes what it created', async () => {
    const [cat] = await rows(sql`select id, l_name_zh from categories where level = 3 limit 1`);
    const csv = [
      '配件编号,名称,OE号,分类,品牌,箱装数量,可订购',
      `NEW-2001,刹车盘,34 11 6 000 001,${String(cat!.l_name_zh)},宝马,10,是`,
      'OT-1001,前刹车片（新）,,,,,',
      'NEW-2002,缺分类,123,,宝马,,',
      'NEW-2003,刹车盘,1,没有这个分类,宝马,,',
      'OT-1002,,,,,x,',
    ].join('\n');
    const batch = await previewed('parts', 'parts.csv', Buffer.from(csv));
    const all = await previewRows('parts', batch.id);
    expect(all.map((r) => [r.number, r.state, r.error])).toEqual([
      ['NEW-2001', 'create', ''],
      ['OT-1001', 'update', ''],
      ['NEW-2002', 'error', '新配件须填写名称、OE号、分类和品牌'],
      ['NEW-2003', 'error', '分类“没有这个分类”不存在'],
      ['OT-1002', 'error', '箱装数量“x”不是有效的整数'],
    ]);
    expect(all[1]!.changes).toEqual({ l_name_zh: { old: '前刹车片', new: '前刹车片（新）' } });
    expect(await run('parts', batch.id, 'apply')).toMatchObject({ status: 'applied' });
    const [created] = await rows(sql`select p.id, p.l_name_zh, p.oe_number_norm, p.outbox_fcl_quantity, p.category_id,
      (select count(*)::int from product_numbers n where n.product_id = p.id and n.kind = 'oe') as oe_rows
      from products p where frey_no = 'NEW-2001'`);
    expect(created).toMatchObject({
      l_name_zh: '刹车盘',
      oe_number_norm: '34116000001',
      outbox_fcl_quantity: 10,
      oe_rows: 1,
    });
    const [p1] = await rows(sql`select l_name_zh from products where id = ${s.ids.p1}`);
    expect(p1!.l_name_zh).toBe('前刹车片（新）');

    expect(await run('parts', batch.id, 'rollback')).toMatchObject({ status: 'rolled_back', report: { deleted: 1 } });
    expect(await rows(sql`select id from products where frey_no = 'NEW-2001'`)).toEqual([]);
    const [back] = await rows(sql`select l_name_zh from products where id = ${s.ids.p1}`);
    expect(back!.l_name_zh).toBe('前刹车片');
  });

  it('a category name several level-3 categories share is an error naming them, never one taken by guess', async () => {
    const [first, second, only] = await rows(sql`insert into categories (level, l_name_zh)
      values (3, '重名刹车片'), (3, '重名刹车片'), (3, '独有刹车片') returning id`);
    const csv = [
      '配件编号,名称,OE号,分类,品牌',
      'NEW-3001,刹车片,3001,重名刹车片,宝马',
      `NEW-3002,刹车片,3002,${String(second!.id)},宝马`,
      'NEW-3003,刹车片,3003,独有刹车片,宝马',
    ].join('\n');
    const batch = await previewed('parts', 'parts.csv', Buffer.from(csv));
    const all = await previewRows('parts', batch.id);
    expect(all.map((r) => [r.number, r.state, r.error])).toEqual([
      [
        'NEW-3001',
        'error',
        `分类“重名刹车片”对应多个三级分类（编号 ${String(first!.id)}、${String(second!.id)}），请填写分类编号`,
      ],
      ['NEW-3002', 'create', ''],
      ['NEW-3003', 'create', ''],
    ]);
    expect(await run('parts', batch.id, 'apply')).toMatchObject({ status: 'applied' });
    const created = await rows(sql`select frey_no, category_id from products
      where frey_no in ('NEW-3001', 'NEW-3002', 'NEW-3003') order by frey_no`);
    expect(created).toEqual([
      { frey_no: 'NEW-3002', category_id: second!.id },
      { frey_no: 'NEW-3003', category_id: only!.id },
    ]);
  });
});

describe('work seen from every process, work left by a dead process, old rows', () => {
  const stockFile = () => Buffer.from('配件编号,仓库,可用库存\nOT-1003,1,41\n');

  it('another server process answers the progress and refuses a second start while work is under way', async () => {
    const batch = await previewed('stock', 'stock.csv', stockFile());
    const other = await buildApp({ config: s.t.config, database: s.t.database, logger: false });
    try {
      // Work under way in some process: its row in import_progress, fresh.
      await s.t.db.execute(
        sql`insert into import_progress (batch_id, phase, done, total) values (${batch.id}, 'apply', 1, 2)`,
      );
      const token = `Bearer ${await s.tokenOf('catalog')}`;
      const seen = body<ImportBatch>(
        await other.inject({ url: `/api/admin/imports/stock/${batch.id}`, headers: { authorization: token } }),
      ).data;
      expect(seen).toMatchObject({ status: 'applying', progress: { phase: 'apply', done: 1, total: 2 } });
      const again = body(
        await other.inject({
          method: 'POST',
          url: `/api/admin/imports/stock/${batch.id}/apply`,
          headers: { authorization: token },
          payload: {},
        }),
      );
      expect(again).toMatchObject({ status: 201, msg: '该批次正在处理中，请稍候' });
    } finally {
      await s.t.db.execute(sql`delete from import_progress where batch_id = ${batch.id}`);
      await other.close();
    }
  });

  it('a preview whose process died is marked failed with the reason; an apply that died can be started again', async () => {
    const stuck = await previewed('stock', 'stock.csv', stockFile());
    // As a crash leaves them: a preview never finished, an apply whose heartbeat stopped.
    await s.t.db.execute(sql`update import_batches set status = 'previewing' where id = ${stuck.id}`);
    await s.t.db.execute(sql`insert into import_progress (batch_id, phase, heartbeat_at)
      values (${stuck.id}, 'preview', now() - interval '10 minutes')`);
    const applying = await previewed('stock', 'stock.csv', stockFile());
    await s.t.db.execute(sql`insert into import_progress (batch_id, phase, heartbeat_at)
      values (${applying.id}, 'apply', now() - interval '10 minutes')`);
    const fresh = await previewed('stock', 'stock.csv', stockFile());
    await s.t.db.execute(sql`insert into import_progress (batch_id, phase) values (${fresh.id}, 'apply')`);

    expect((await giveUpStaleWork(s.t.db)).sort()).toEqual([stuck.id, applying.id].sort());
    const failed = body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${stuck.id}`)).data;
    expect(failed).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.previewInterrupted, progress: null });
    expect(await rows(sql`select row_no from import_rows where batch_id = ${stuck.id}`)).toEqual([]);
    const interrupted = body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${applying.id}`)).data;
    expect(interrupted).toMatchObject({ status: 'previewed', error: IMPORT_TEXTS.workInterrupted, progress: null });
    // The live one is left alone.
    expect(body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${fresh.id}`)).data.status).toBe('applying');
    await s.t.db.execute(sql`delete from import_progress where batch_id = ${fresh.id}`);

    expect(await run('stock', applying.id, 'apply')).toMatchObject({ status: 'applied', error: '' });
    expect(await run('stock', applying.id, 'rollback')).toMatchObject({ status: 'rolled_back' });
  });

  it('deletes the rows of batches past the retention, keeps the summary, and refuses their rollback', async () => {
    const old = await previewed('stock', 'stock.csv', stockFile());
    expect(await run('stock', old.id, 'apply')).toMatchObject({ status: 'applied' });
    const recent = await previewed('stock', 'stock.csv', stockFile());
    await s.t.db.execute(sql`update import_batches set created_at = now() - interval '100 days',
      applied_at = now() - interval '95 days' where id = ${old.id}`);

    expect(await purgeOldImportRows(s.t.db, 90)).toEqual([old.id]);
    expect(await rows(sql`select row_no from import_rows where batch_id = ${old.id}`)).toEqual([]);
    expect((await previewRows('stock', recent.id)).length).toBe(1);
    const purged = body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${old.id}`)).data;
    expect(purged).toMatchObject({ status: 'applied', total_rows: 1, counts: { update: 1 } });
    expect(purged.rows_purged_at).toEqual(expect.any(String));
    expect(body(await admin('catalog', 'POST', `/imports/stock/${old.id}/rollback`, {}))).toEqual({
      status: 201,
      msg: '该批次的明细已超过保留期限被清理，不能再导入或回滚',
      data: null,
    });
    expect(await purgeOldImportRows(s.t.db, 90)).toEqual([]);
  });
});
