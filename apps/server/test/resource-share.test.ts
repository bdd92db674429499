import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminResourcePage, ResourcePage, ResourcePreview } from '@shop/core/api/resource-share';
import { MODULE_OFF_TEXT } from '@shop/core/brand-variants';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { sql } from 'drizzle-orm';
import { IMPORT_TEXTS } from '../src/modules/bulk-search/spreadsheet-import';
import { createEventDispatcher } from '../src/subscribers';
import { body } from './helpers/api';
import type { FixtureAccountKey } from './helpers/fixtures';
import { multipartForm } from './helpers/multipart';
import { auditOf, type StaffClient, withDemoStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Resource share (docs/resource-share.md): a dealer imports a sheet of surplus stock (read as the
 * parts import reads it), sees a preview, publishes it; other dealers find it by number or name
 * with the chosen contact; the dealer withdraws its own; staff take entries down (audited).
 */
let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await withDemoStaff(t);
}, 60_000);
afterAll(() => t?.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('库存');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importAs(
  who: FixtureAccountKey,
  content: Buffer,
  contact = '张先生 13900001111',
  filename = '库存.xlsx',
) {
  const form = multipartForm({ contact }, { field: 'file', filename, contentType: XLSX_TYPE, content });
  const res = await t.injectAs(who, {
    method: 'POST',
    url: '/api/Shop.ResourceSharing/import',
    payload: form.payload,
    headers: form.headers,
  });
  return body<ResourcePreview>(res);
}
const post = (who: FixtureAccountKey, path: string, payload: object) =>
  t.injectAs(who, { method: 'POST', url: `/api/Shop.ResourceSharing/${path}`, payload });
const adminList = async (query: Record<string, string>) => {
  const res = body<AdminResourcePage>(await staff.asStaff('service', { url: '/api/admin/resource-share', query }));
  expect(res.status, res.msg).toBe(200);
  return res.data;
};
const list = async (who: FixtureAccountKey, keyword = '') =>
  body<ResourcePage>(
    await t.injectAs(who, { method: 'GET', url: '/api/Shop.ResourceSharing/list', query: { keyword } }),
  );

describe('figures typed full-width on a Chinese keyboard', () => {
  it('are read as the multi-number box reads them', async () => {
    const b = await importAs(
      'aMain',
      await sheet([
        ['配件编号', '配件名称', '数量', '价格'],
        ['FW-1001', '全角数量', '１，２００', '￥３５．５'],
        ['FW-1002', '全角数量', '２', '１２'],
      ]),
    );
    expect(b.status, b.msg).toBe(200);
    expect(b.data.rows.map((r) => [r.number, r.quantity, r.price])).toEqual([
      ['FW-1001', 1200, '35.50'],
      ['FW-1002', 2, '12.00'],
    ]);
    expect(b.data.problems).toEqual([]);
  });
});

describe('import → preview → publish → found by others', () => {
  it('previews the readable rows, skips the rest with why, and shows nothing before publishing', async () => {
    const b = await importAs(
      'aMain',
      await sheet([
        ['配件编号', '配件名称', '数量', '价格'],
        ['34 11 6 850 100', '前刹车片', 5, 120.5],
        ['RS-2002', '机油滤清器', '3', ''],
        ['', '没有编号', 1, 1],
        ['RS-2003', '数量错', 'abc', 1],
        ['RS-2004', '价格错', 2, '便宜'],
      ]),
    );
    expect(b.status, b.msg).toBe(200);
    expect(b.data.rows.map((r) => [r.number, r.name, r.quantity, r.price])).toEqual([
      ['34 11 6 850 100', '前刹车片', 5, '120.50'],
      ['RS-2002', '机油滤清器', 3, null],
    ]);
    expect(b.data.problems).toEqual(['第 4 行缺少配件编号', '第 5 行数量“abc”无法识别', '第 6 行价格“便宜”无法识别']);
    expect((await list('bMain', 'RS-2002')).data.total).toBe(0);

    // Another company cannot publish A's preview; A publishes it, twice gives the same answer.
    expect(body(await post('bMain', 'publish', { preview_id: b.data.preview_id })).msg).toBe(
      RESOURCE_TEXTS.previewGone,
    );
    const first = body<{ published: number }>(await post('aMain', 'publish', { preview_id: b.data.preview_id }));
    expect(first.data.published).toBe(2);
    const again = body<{ published: number }>(await post('aMain', 'publish', { preview_id: b.data.preview_id }));
    expect(again.data.published).toBe(2);

    // B finds it by number (spaces and case do not matter) and by name, with A's contact.
    const byNumber = await list('bMain', '3411 6850');
    expect(byNumber.data.list.map((e) => [e.number, e.contact])).toEqual([['34 11 6 850 100', '张先生 13900001111']]);
    expect((await list('bMain', '滤清')).data.list.map((e) => e.number)).toEqual(['RS-2002']);
    // A does not see its own stock in the search, only under mine; a sub-account of A neither.
    expect((await list('aMain', 'RS-2002')).data.total).toBe(0);
    expect((await list('aSub', 'RS-2002')).data.total).toBe(0);
    const mine = body<ResourcePage>(
      await t.injectAs('aMain', { method: 'GET', url: '/api/Shop.ResourceSharing/mine' }),
    );
    expect(mine.data.total).toBe(2);
  });

  it('lets only the owning company withdraw an entry', async () => {
    const entry = (await list('bMain', 'RS-2002')).data.list[0]!;
    expect(body(await post('bMain', 'withdraw', { id: entry.id })).msg).toBe(RESOURCE_TEXTS.notFound);
    expect(body(await post('aSub', 'withdraw', { id: entry.id })).status).toBe(200);
    expect((await list('bMain', 'RS-2002')).data.total).toBe(0);
    expect(body(await post('aMain', 'withdraw', { id: entry.id })).msg).toBe(RESOURCE_TEXTS.notFound);
    expect(body(await post('aMain', 'withdraw', { id: 'x' })).status).not.toBe(200);
  });

  it('staff list entries and take one down with a reason, audited; it leaves the search', async () => {
    const entry = (await list('bMain', '前刹车片')).data.list[0]!;
    const listed = body<AdminResourcePage>(
      await staff.asStaff('service', {
        method: 'GET',
        url: '/api/admin/resource-share',
        query: { keyword: '前刹车片' },
      }),
    );
    expect(listed.status, listed.msg).toBe(200);
    expect(listed.data.list[0]).toMatchObject({
      id: entry.id,
      status: 'active',
      status_cn: '共享中',
      company_id: t.fixtures.companies.a.id,
      company_name: '广州恒通汽配有限公司',
      account_name: 'a_main',
      account_phone: '13800000001',
      contact: '张先生 13900001111',
      note: '',
    });
    const noReason = await staff.asStaff('service', {
      method: 'POST',
      url: `/api/admin/resource-share/${entry.id}/take-down`,
      payload: { reason: ' ' },
    });
    expect(body(noReason).status).not.toBe(200);
    const catalog = await staff.asStaff('catalog', {
      method: 'POST',
      url: `/api/admin/resource-share/${entry.id}/take-down`,
      payload: { reason: '虚假信息' },
    });
    expect(body(catalog).status).not.toBe(200);
    const down = await staff.asStaff('service', {
      method: 'POST',
      url: `/api/admin/resource-share/${entry.id}/take-down`,
      payload: { reason: '虚假信息' },
    });
    expect(body(down).status, body(down).msg).toBe(200);
    expect((await list('bMain', '前刹车片')).data.total).toBe(0);
    const audit = await auditOf(staff, 'resource_share', entry.id);
    expect(audit.map((a) => a.action)).toEqual(['resource_share.take_down']);
    expect(audit[0]).toMatchObject({ after: { status: 'taken_down', note: '虚假信息' } });
    // Taken down once: again is 'not found', and nothing more is audited.
    const again = await staff.asStaff('service', {
      method: 'POST',
      url: `/api/admin/resource-share/${entry.id}/take-down`,
      payload: { reason: '重复操作' },
    });
    expect(body(again).msg).toBe(RESOURCE_TEXTS.notFound);
    expect(await auditOf(staff, 'resource_share', entry.id)).toHaveLength(1);
    // The account that shared it is told, once, with the reason.
    await createEventDispatcher(t.db, { realtime: t.app.realtime }).drain();
    const told = (
      await t.db.execute(sql`select account_id, tip_name, tip_word, link from messages
        where tip_name = '共享库存已下架' order by id`)
    ).rows;
    expect(told).toEqual([
      {
        account_id: t.fixtures.accounts.aMain.id,
        tip_name: '共享库存已下架',
        tip_word: `您共享的${entry.name}（${entry.number}）已被平台下架，原因：虚假信息`,
        link: '/parts/resource_share',
      },
    ]);
    const takenDown = await adminList({ keyword: '前刹车片', status: 'taken_down' });
    expect(takenDown.list.map((e) => [e.id, e.status_cn, e.note])).toEqual([[entry.id, '已下架', '虚假信息']]);
  });

  it('staff find entries by the company’s name and status, and page them', async () => {
    const byCompany = await adminList({ company: '恒通' });
    expect(byCompany.total).toBeGreaterThan(0);
    expect(new Set(byCompany.list.map((e) => e.company_name))).toEqual(new Set(['广州恒通汽配有限公司']));
    expect((await adminList({ company: '没有这家公司' })).total).toBe(0);
    // A company name with a wildcard matches only itself.
    expect((await adminList({ company: '%' })).total).toBe(0);
    const withdrawn = await adminList({ status: 'withdrawn' });
    expect(withdrawn.list.map((e) => e.number)).toContain('RS-2002');
    expect(withdrawn.list.every((e) => e.status === 'withdrawn')).toBe(true);
    const paged = await adminList({ limit: '1' });
    expect(paged).toMatchObject({ limit: 1, page: 1 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    // Previews never show.
    const all = await adminList({ limit: '100' });
    expect(all.list.some((e) => e.status === 'preview')).toBe(false);
    const bad = await staff.asStaff('service', { url: '/api/admin/resource-share', query: { status: 'gone' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toContain('状态不正确');
  });
});

describe('bad input', () => {
  it('refuses a missing or NUL contact, malformed sheets, NUL cells, a non-spreadsheet and a huge file', async () => {
    const good = await sheet([
      ['配件编号', '配件名称', '数量'],
      ['RS-3001', '火花塞', 4],
    ]);
    expect((await importAs('aMain', good, '')).msg).toBe(RESOURCE_TEXTS.contactMissing);
    // A NUL byte anywhere in a request is refused before the route (plugins): the contact never holds one.
    expect((await importAs('aMain', good, '张\u0000三')).msg).toContain('空字符');
    expect(
      (
        await importAs(
          'aMain',
          await sheet([
            ['随便', '什么'],
            ['1', '2'],
          ]),
        )
      ).msg,
    ).toBe(RESOURCE_TEXTS.columns);
    const nul = await importAs(
      'aMain',
      await sheet([
        ['配件编号', '配件名称', '数量'],
        ['RS-\u00003002', '火花塞', 4],
      ]),
    );
    // The sheet reader drops control characters from cells; no NUL reaches the preview.
    expect(nul.status, nul.msg).toBe(200);
    expect(JSON.stringify(nul.data.rows)).not.toContain('\\u0000');
    expect(nul.data.rows.map((r) => r.name)).toEqual(['火花塞']);
    // A formula's error in any column is no data: its row is reported, not shared.
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('库存');
    const error = (e: '#N/A' | '#REF!' | '#DIV/0!') => ({ formula: 'X1', result: { error: e } });
    ws.addRow(['配件编号', '配件名称', '数量', '价格']);
    ws.addRow([error('#N/A'), '火花塞', 4, 10]);
    ws.addRow(['RS-3003', error('#REF!'), 4, 10]);
    ws.addRow(['RS-3004', '火花塞', error('#DIV/0!'), 10]);
    ws.addRow(['RS-3005', '火花塞', 4, 10]);
    const errors = await importAs('aMain', Buffer.from(await book.xlsx.writeBuffer()));
    expect(errors.status, errors.msg).toBe(200);
    expect(errors.data.rows.map((r) => r.number)).toEqual(['RS-3005']);
    expect(errors.data.problems).toEqual([
      '第 2 行有公式错误“#N/A”',
      '第 3 行有公式错误“#REF!”',
      '第 4 行有公式错误“#DIV/0!”',
    ]);
    // A formula saved without its value (a program that does not calculate) is no empty cell: a
    // price missing would share the line without one. Reported, the fix told once.
    const sheetOf = XLSX.utils.aoa_to_sheet([
      ['配件编号', '配件名称', '数量', '价格'],
      ['RS-3006', '火花塞', 4, 10],
      ['RS-3007', '火花塞', 4, 10],
      ['RS-3008', '火花塞', 2, 12],
    ]);
    sheetOf.D2 = { t: 'n', f: 'D4*2' }; // written <c t="e"><f>..</f></c>
    sheetOf.B3 = { f: 'B2' }; // written <c><f>..</f></c>
    const uncalculated = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(uncalculated, sheetOf, '库存');
    const noValues = await importAs('aMain', XLSX.write(uncalculated, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(noValues.status, noValues.msg).toBe(200);
    expect(noValues.data.rows.map((r) => r.number)).toEqual(['RS-3008']);
    expect(noValues.data.problems).toEqual([
      '第 2 行含未计算的公式（请用 Excel 打开表格并保存后再导入）',
      '第 3 行含未计算的公式',
    ]);
    expect((await importAs('aMain', Buffer.from('not a sheet at all'), '张', '库存.xlsx')).msg).toBe(
      IMPORT_TEXTS.notSpreadsheet,
    );
    expect((await importAs('aMain', good, '张', '库存.pdf')).status).not.toBe(200);
    const huge = Buffer.concat([good, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await importAs('aMain', huge);
    expect(res.status).not.toBe(200);
  });

  it('answers 该功能未开通 where the brand has resource share off', async () => {
    const off = await createTestApp({ env: { BRAND: 'partsky' } });
    try {
      const res = await off.injectAs('aMain', { method: 'GET', url: '/api/Shop.ResourceSharing/list' });
      expect(body(res).msg).toBe(MODULE_OFF_TEXT);
    } finally {
      await off.close();
    }
  }, 120_000);
});
