import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_TEXTS } from '@shop/core/api/admin-content';
import type { ImportBatch } from '@shop/core/api/admin-prices';
import { getBrandVariant } from '@shop/core/brand-variants';
import { chinaDay } from '../src/lib/china-time';
import { whenSettled } from '../src/modules/erp-imports/service';
import { MALFORMED_FORM_TEXT } from '../src/uploads/service';
import { body } from './helpers/api';
import { adminCalls } from './helpers/admin-calls';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { uploadBytesToday } from './helpers/upload-days';
import { useAdminShop } from './admin-test-data';

/** The staff's uploads through the real server: what a file is, not what it is called, and nothing kept of a refusal. */

const s = useAdminShop();
const { admin } = adminCalls(() => s);
const labels = () => getBrandVariant(s.t.config.BRAND).priceLabels;

function send(url: string, filename: string, content: Buffer) {
  const form = multipartForm({}, { field: 'file', filename, contentType: 'application/octet-stream', content });
  return s.asStaff('admin', { method: 'POST', url: `/api/admin${url}`, ...form });
}

async function workbook(fill: (wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb, wb.addWorksheet('库存'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('an ERP import is read as what its content is', () => {
  it('a workbook named .csv, a list named .xlsx, a workbook larger than the dealer import’s 10M', async () => {
    const stock = (ws: ExcelJS.Worksheet, available: number) => {
      ws.addRow(['配件编号', '可用库存']);
      ws.addRow(['OT-1001', available]);
    };
    // A picture in the workbook that does not compress: the file passes 10M, well within the import's 64MB.
    const large = await workbook((wb, ws) => {
      stock(ws, 23);
      const image = wb.addImage({
        buffer: randomBytes(11 * 1024 * 1024) as unknown as ExcelJS.Buffer,
        extension: 'png',
      });
      ws.addImage(image, 'D2:E3');
    });
    expect(large.length).toBeGreaterThan(10 * 1024 * 1024);
    const cases: [string, Buffer, string][] = [
      ['库存.csv', await workbook((_wb, ws) => stock(ws, 21)), '21'],
      ['库存.xlsx', Buffer.from('配件编号,可用库存\r\nOT-1001,22\r\n'), '22'],
      ['库存.xlsx', large, '23'],
    ];
    for (const [name, content, available] of cases) {
      const started = body<ImportBatch>(await send('/imports/stock', name, content));
      expect(started.status, started.msg).toBe(200);
      await whenSettled(started.data.id);
      const batch = body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${started.data.id}`)).data;
      expect(batch, `${name} ${content.length}`).toMatchObject({ status: 'previewed', error: '', total_rows: 1 });
      const [row] = (await s.t.db.execute(sql`select data from import_rows where batch_id = ${batch.id}`)).rows;
      expect(row!.data).toEqual({ available });
    }
  });
});

describe('a .csv whose quote is never closed', () => {
  it('is refused naming the row, not read with every row after it in one cell', async () => {
    const csv = '配件编号,可用库存\nOT-1001,5\nOT-1002,"6\nOT-1003,7\nOT-1004,8\n';
    const started = body<ImportBatch>(await send('/imports/stock', 'stock.csv', Buffer.from(csv)));
    await whenSettled(started.data.id);
    expect(body<ImportBatch>(await admin('catalog', 'GET', `/imports/stock/${started.data.id}`)).data).toMatchObject({
      status: 'failed',
      error: '第 3 行的引号没有闭合，请检查文件后重新上传',
    });
  });
});

describe('an apply whose parts changed since the preview', () => {
  async function previewed(kind: string, csv: string): Promise<number> {
    const started = body<ImportBatch>(await send(`/imports/${kind}`, `${kind}.csv`, Buffer.from(csv)));
    expect(started.status, started.msg).toBe(200);
    await whenSettled(started.data.id);
    return started.data.id;
  }
  async function run(kind: string, id: number, move: 'apply' | 'rollback'): Promise<ImportBatch> {
    expect(body(await admin('catalog', 'POST', `/imports/${kind}/${id}/${move}`, {})).status).toBe(200);
    await whenSettled(id);
    return body<ImportBatch>(await admin('catalog', 'GET', `/imports/${kind}/${id}`)).data;
  }
  const names = async () =>
    (await s.t.db.execute(sql`select frey_no, l_name_zh from products where frey_no like 'NEW-%' order by frey_no`))
      .rows;

  it('is refused naming the row and writes nothing (not the generic failure)', async () => {
    const [cat] = (await s.t.db.execute(sql`select id from categories where level = 3 limit 1`)).rows;
    const parts = (...rows: string[]) => ['配件编号,名称,OE号,分类,品牌', ...rows].join('\n');
    const first = await previewed('parts', parts(`NEW-1,甲,OE-1,${cat!.id},宝马`));
    const second = await previewed('parts', parts(`NEW-2,乙,OE-2,${cat!.id},宝马`, `new 1,丙,OE-3,${cat!.id},宝马`));
    expect(await run('parts', first, 'apply')).toMatchObject({ status: 'applied' });
    // The second list would create NEW-1 too: it was created meanwhile.
    expect(await run('parts', second, 'apply')).toMatchObject({
      status: 'previewed',
      error: '第 3 行的配件“new 1”在预览后已被新建，请重新上传文件生成预览',
    });
    expect(await names()).toEqual([{ frey_no: 'NEW-1', l_name_zh: '甲' }]);

    // Prices and stock of NEW-1, previewed; then the import that created it is rolled back.
    const prices = await previewed('prices', `配件编号,${labels()[0]!.label}\nNEW-1,10`);
    const stock = await previewed('stock', '配件编号,可用库存\nNEW-1,10');
    expect(await run('parts', first, 'rollback')).toMatchObject({ status: 'rolled_back', report: { deleted: 1 } });
    for (const [kind, id] of [
      ['prices', prices],
      ['stock', stock],
    ] as const) {
      expect(await run(kind, id, 'apply'), kind).toMatchObject({
        status: 'previewed',
        error: '第 2 行的配件“NEW-1”在预览后已被删除，请重新上传文件生成预览',
      });
    }
  });
});

describe('the same price list uploaded twice (a double click) and both applied', () => {
  it('the second changes nothing: no history, no dealer told, its rows unchanged', async () => {
    const label = labels()[0]!;
    const csv = Buffer.from(`配件编号,${label.label}\nOT-1001,321.00\nOT-1002,322.50`);
    const ids = (await Promise.all([send('/imports/prices', 'p.csv', csv), send('/imports/prices', 'p.csv', csv)])).map(
      (r) => body<ImportBatch>(r).data.id,
    );
    for (const id of ids) await whenSettled(id);
    const history = async (id: number) =>
      (await s.t.db.execute(sql`select product_id from price_history where batch_id = ${id}`)).rows.length;
    const apply = async (id: number) => {
      expect(body(await admin('catalog', 'POST', `/imports/prices/${id}/apply`, {})).status).toBe(200);
      await whenSettled(id);
      return body<ImportBatch>(await admin('catalog', 'GET', `/imports/prices/${id}`)).data;
    };
    expect(await apply(ids[0]!)).toMatchObject({ status: 'applied', counts: { update: 2, unchanged: 0 } });
    expect(await history(ids[0]!)).toBe(2);
    expect(await apply(ids[1]!)).toMatchObject({ status: 'applied', counts: { update: 0, unchanged: 2 } });
    expect(await history(ids[1]!)).toBe(0);
    const [audit] = (
      await s.t.db.execute(
        sql`select after from audit_log where action = 'imports.apply' and entity_id = ${String(ids[1])}`,
      )
    ).rows;
    expect(audit!.after).toMatchObject({ counts: { unchanged: 2 } });
  });
});

describe('a picture-only upload refuses a video as it streams', () => {
  it('the points mall picture and the coupon activity image: nothing written, other content refused as before', async () => {
    const stored = async () => (await s.t.app.uploads.storage.list('content')).length;
    const rows = async () => (await s.t.db.execute(sql`select 1 from uploads`)).rows.length;
    const put = vi.spyOn(s.t.app.uploads.storage, 'put');
    try {
      for (const [url, refusal] of [
        ['/points/media', '请上传图片'],
        ['/coupon/activity-image', '请选择图片或视频'],
      ] as const) {
        const [before, rowsBefore] = [await stored(), await rows()];
        put.mockClear();
        expect(body(await send(url, 'a.mp4', SAMPLE_FILES.mp4)), url).toMatchObject({ status: 201, msg: refusal });
        expect(put, url).not.toHaveBeenCalled();
        expect(body(await send(url, 'a.txt', Buffer.from('not a picture at all'))), url).toMatchObject({
          status: 201,
          msg: CONTENT_TEXTS.mediaBadType,
        });
        expect(put, url).not.toHaveBeenCalled();
        expect([await stored(), await rows()], url).toEqual([before, rowsBefore]);
        expect(body(await send(url, 'a.png', SAMPLE_FILES.png)).status, url).toBe(200);
        expect(await stored(), url).toBe(before + 1);
      }
    } finally {
      put.mockRestore();
    }
  });
});

describe('a staff member’s media upload', () => {
  it('is audited on every route that takes one: who, and the stored key and name', async () => {
    for (const url of ['/content/media', '/points/media', '/coupon/activity-image', '/parts/media']) {
      const res = body<{ url: string }>(await send(url, '轮播图.png', SAMPLE_FILES.png));
      expect(res.status, `${url} ${res.msg}`).toBe(200);
      const key = res.data.url.slice('/media/'.length);
      const entries = (
        await s.t.db.execute(sql`select staff_id, action, after from audit_log
          where entity_type = 'media' and entity_id = ${key}`)
      ).rows;
      expect(entries, url).toEqual([
        {
          staff_id: s.staffIds.admin,
          action: 'media.upload',
          after: { key, name: '轮播图.png', size: SAMPLE_FILES.png.length, mime: 'image/png' },
        },
      ]);
    }
  });
});

describe('a body that is no whole form', () => {
  it('is answered as the client’s mistake in Chinese, never a server fault, and keeps nothing', async () => {
    const stored = async () => (await s.t.app.uploads.storage.list('content')).length;
    const before = await stored();
    const account = s.t.fixtures.accounts.aMain.id;
    for (const [url, content] of [
      ['/imports/stock', Buffer.from('配件编号,可用库存\nOT-1001,5\n')],
      ['/content/media', SAMPLE_FILES.png],
      [`/dealer-accounts/${account}/activity-image`, SAMPLE_FILES.png],
    ] as const) {
      const form = multipartForm({}, { field: 'file', filename: 'a.png', contentType: 'image/png', content });
      const many = multipartForm(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'])), {
        field: 'file',
        filename: 'a.png',
        contentType: 'image/png',
        content,
      });
      const cases: [string, Buffer, Record<string, string>, number, string][] = [
        ['cut off', form.payload.subarray(0, form.payload.length - 20), form.headers, 400, MALFORMED_FORM_TEXT],
        ['no boundary', form.payload, { 'content-type': 'multipart/form-data' }, 400, MALFORMED_FORM_TEXT],
        ['not a form', randomBytes(1000), form.headers, 400, MALFORMED_FORM_TEXT],
        ['too many fields', many.payload, many.headers, 413, '表单内容过多'],
      ];
      for (const [what, payload, headers, status, msg] of cases) {
        const res = await s.asStaff('admin', { method: 'POST', url: `/api/admin${url}`, payload, headers });
        expect([res.statusCode, body(res)], `${url} ${what}`).toEqual([status, { status, msg, data: null }]);
      }
    }
    expect(await stored()).toBe(before);
    expect((await s.t.db.execute(sql`select 1 from import_batches where file_name = 'a.png'`)).rows).toEqual([]);
  });
});

describe('the activity image staff set for a dealer account', () => {
  it('is the staff’s upload: not in the company’s daily quota nor its account’s upload rate', async () => {
    const account = s.t.fixtures.accounts.aMain;
    const full = s.t.config.UPLOAD_MB_PER_COMPANY_DAY * 1024 * 1024;
    await s.t.db.execute(sql`insert into upload_days (company_id, day, bytes)
      values (${account.companyId}, ${chinaDay(new Date())}, ${full})
      on conflict (company_id, day) do update set bytes = excluded.bytes`);
    const res = body(await send(`/dealer-accounts/${account.id}/activity-image`, 'a.png', SAMPLE_FILES.png));
    expect(res.status, res.msg).toBe(200);
    expect(await uploadBytesToday(s.t, 'a')).toBe(full);
    const events = await s.t.db.execute(sql`select 1 from upload_events where account_id = ${account.id}`);
    expect(events.rows).toEqual([]);
  });
});
