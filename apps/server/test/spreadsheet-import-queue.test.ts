import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { body } from './helpers/api';
import { multipartForm } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { FixtureAccountKey } from './helpers/fixtures';
import { IMPORT_TEXTS, importQueue } from '../src/modules/bulk-search/spreadsheet-import';

/**
 * One company flooding the spreadsheet import delays only itself: another company's import is
 * not refused as busy, and it is parsed before the flooding company's later files.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function importAs(account: FixtureAccountKey, content: Buffer) {
  const form = multipartForm({}, { field: 'file', filename: '询价单.xlsx', contentType: XLSX_TYPE, content });
  const res = await t.injectAs(account, {
    method: 'POST',
    url: '/api/Shop.Accessories/fromxls',
    payload: form.payload,
    headers: form.headers,
  });
  return body<string | null>(res);
}

test('a company flooding the import delays only itself', async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('编号').addRows([
    ['配件编号', '数量'],
    ['A0001234567', 2],
  ]);
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const a = t.fixtures.companies.a.id;
  const b = t.fixtures.companies.b.id;

  // Both parsing turns are taken (by a key no company has) until the queue is filled.
  const holds = [importQueue.tryAcquire(-1), importQueue.tryAcquire(-1)];
  expect(holds.every((h) => h !== undefined)).toBe(true);
  const started: number[] = [];
  importQueue.onStart = (key) => started.push(key);

  const flood = Array.from({ length: 10 }, () => importAs('aMain', file));
  await vi.waitFor(() => expect(importQueue.waitingFor(a)).toBe(4), { timeout: 20_000, interval: 5 });
  const other = importAs('bMain', file);
  await vi.waitFor(() => expect(importQueue.waitingFor(b)).toBe(1), { timeout: 20_000, interval: 5 });

  for (const hold of holds) (await hold!)();
  const answers = await Promise.all(flood);
  const answer = await other;
  importQueue.onStart = undefined;

  expect(answer).toMatchObject({ status: 200, data: 'A0001234567=2' });
  // Of the ten, four waited and were parsed; the other six were told to try again later.
  expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
  expect(answers.filter((r) => r.status === 201 && r.msg === IMPORT_TEXTS.busy)).toHaveLength(6);
  // B had the second free turn, before A's three later files.
  expect(started).toEqual([a, b, a, a, a]);
});
