import type { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { body } from './helpers/api';
import { encryptedWorkbook } from './helpers/encrypted-workbook';
import { multipartForm, multipartStream } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  CELL_TEXT_MAX,
  COLUMNS_MAX,
  IMPORT_TEXTS,
  readWorkbook,
  ROWS_MAX,
} from '../src/modules/bulk-search/spreadsheet-import';
import { readZipDirectory } from '../src/modules/bulk-search/zip-directory';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Form = { payload: string | Buffer | Readable; headers: Record<string, string> };

/** An import of the form by aMain. */
const importForm = (form: Form, prefix = 'Shop') =>
  t.injectAs('aMain', {
    method: 'POST',
    url: `/api/${prefix}.Accessories/fromxls`,
    payload: form.payload,
    headers: form.headers,
  });

async function upload(filename: string, content: Buffer, contentType = XLSX_TYPE, prefix = 'Shop') {
  const res = await importForm(multipartForm({}, { field: 'file', filename, contentType, content }), prefix);
  expect(res.statusCode).toBe(200);
  return body<string | null>(res);
}

async function xlsxOf(rows: (string | number | null)[][], edit?: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('编号');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function xlsOf(rows: (string | number)[][], merges?: XLSX.Range[]): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (merges) sheet['!merges'] = merges;
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** A zip written by hand: each entry deflated, with a central directory that tells the truth. */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    // The fields both headers share, from 'version needed' on (the central one has 'made by' first).
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(entry.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    shared(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('POST /api/Shop.Accessories/fromxls', () => {
  test('a real .xlsx with the template header: number=quantity per line, in sheet order', async () => {
    const file = await xlsxOf([
      ['配件编号', '数量', '备注'],
      ['A 000 420 04 20', 2, '前刹车片'],
      ['34116858652', 1, null],
      ['04465-33471', null, '数量空着算 1'],
      ['1K0698151A(4)', null, null],
    ]);
    const b = await upload('询价单.xlsx', file);
    expect(b.status).toBe(200);
    expect(b.data).toBe('A0004200420=2\n34116858652=1\n04465-33471=1\n1K0698151A=4');
    expect(b.msg).toBe('导入成功，共 4 个编号');
  });

  test('a real .xls without a header: first column numbers, second quantities', async () => {
    const file = xlsOf([
      ['LR019627', 3],
      [34116858652, 1], // a number typed as a number stays whole
      ['04465-33471', 12],
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const b = await upload('order.xls', file, 'application/vnd.ms-excel');
    expect(b).toMatchObject({ status: 200, data: 'LR019627=3\n34116858652=1\n04465-33471=12' });
  });

  test('quantities typed full-width on a Chinese keyboard are read as the multi-number box reads them', async () => {
    const file = await xlsxOf([
      ['配件编号', '数量'],
      ['LR019627', '２'],
      ['04465-33471', '１，２００'],
    ]);
    expect(await upload('询价单.xlsx', file)).toMatchObject({ status: 200, data: 'LR019627=2\n04465-33471=1200' });
  });

  test('answers under Shopv2 too', async () => {
    const b = await upload('a.xls', xlsOf([['A0004200420', 1]]), 'application/vnd.ms-excel', 'Shopv2');
    expect(b).toMatchObject({ status: 200, data: 'A0004200420=1' });
  });

  test('rows that cannot be read are skipped and reported; the same number twice is merged', async () => {
    const file = await xlsxOf([
      ['OE号', '数量'],
      ['A0004200420', 2],
      ['34116858652', 'abc'],
      [null, 5],
      ['A 000 420 04 20', 3],
      ['LR019627', -1],
    ]);
    const b = await upload('x.xlsx', file);
    expect(b.status).toBe(200);
    expect(b.data).toBe('A0004200420=5');
    expect(b.msg).toBe(
      '导入成功，共 1 个编号；以下行无法读取，已跳过：第 3 行数量“abc”无法识别、第 4 行缺少编号、第 6 行数量“-1”无法识别',
    );
  });

  test("a formula's error is reported as shown, never read as a number or a quantity", async () => {
    const file = await xlsxOf([['配件编号', '数量']], (sheet) => {
      sheet.addRow([{ formula: 'VLOOKUP(1,C:C,1,0)', result: { error: '#N/A' } }, 2]);
      sheet.addRow(['A0004200420', { formula: '1/0', result: { error: '#DIV/0!' } }]);
      sheet.addRow(['LR019627', 3]);
    });
    const b = await upload('x.xlsx', file);
    expect(b).toMatchObject({
      status: 200,
      data: 'LR019627=3',
      msg: '导入成功，共 1 个编号；以下行无法读取，已跳过：第 2 行编号有公式错误“#N/A”、第 3 行数量有公式错误“#DIV/0!”',
    });
  });

  test('a formula saved without its value (a program that does not calculate) is reported, not read as empty', async () => {
    // ExcelJS writes a formula without a result as <c><f>..</f></c>: no value, no type.
    const file = await xlsxOf([['配件编号', '数量']], (sheet) => {
      sheet.addRow([{ formula: 'C2&"-1"' } as ExcelJS.CellFormulaValue, 2]);
      sheet.addRow(['A0004200420', { formula: 'B2*2' } as ExcelJS.CellFormulaValue]);
      sheet.addRow(['LR019627', 3]);
      sheet.addRow(['34116858652', { formula: 'B3+1' } as ExcelJS.CellFormulaValue]);
    });
    const b = await upload('x.xlsx', file);
    expect(b).toMatchObject({
      status: 200,
      data: 'LR019627=3',
      msg:
        '导入成功，共 1 个编号；以下行无法读取，已跳过：第 2 行编号含未计算的公式（请用 Excel 打开表格并保存后再导入）、' +
        '第 3 行数量含未计算的公式、第 5 行数量含未计算的公式',
    });
  });

  test('more than 500 numbers are imported, with a note that a search takes 500', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => [`FR123-${String(i).padStart(7, '0')}`, 1]);
    const b = await upload('big.xlsx', await xlsxOf([['配件编号', '数量'], ...rows]));
    expect(b.status).toBe(200);
    expect(b.data!.split('\n')).toHaveLength(600);
    expect(b.msg).toBe('导入成功，共 600 个编号；一次最多查询 500 个编号，请分批查询');
  });

  test('the downloaded template is a real .xlsx that imports as its three examples', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Shop.Accessories/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('多编号导入模板.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, '配件编号', '数量', '说明']);
    const b = await upload('模板.xlsx', res.rawPayload);
    expect(b).toMatchObject({ status: 200, data: 'A0004200420=2\n34116858652=1\n04465-33471=4' });
    const post = await t.app.inject({ method: 'POST', url: '/api/Shop.Accessories/template' });
    expect(post.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  describe('finding the columns', () => {
    test('without a header, one bad quantity is reported and the other quantities are kept', async () => {
      const file = await xlsxOf([
        ['04465-33471', 2],
        ['GDB9942', '3个'],
        ['2435571', 5],
      ]);
      const b = await upload('nh.xlsx', file);
      expect(b).toMatchObject({ status: 200, data: '04465-33471=2\n2435571=5' });
      expect(b.msg).toBe('导入成功，共 2 个编号；以下行无法读取，已跳过：第 2 行数量“3个”无法识别');
    });

    test('without a header, a column of whole numbers further right is the quantity', async () => {
      const file = await xlsxOf([
        ['04465-33471', '刹车片', 2],
        ['GDB9942', '刹车片', 3],
      ]);
      expect(await upload('nh_name.xlsx', file)).toMatchObject({ status: 200, data: '04465-33471=2\nGDB9942=3' });
      // A column of long numbers (a second number, not a quantity) is not taken for the quantity.
      const second = await xlsxOf([
        ['04465-33471', 34116858652],
        ['GDB9942', 34116858653],
      ]);
      expect(await upload('nh_two.xlsx', second)).toMatchObject({ status: 200, data: '04465-33471=1\nGDB9942=1' });
    });

    test('the title naming a part number wins over a sequence or order number', async () => {
      const english = await xlsxOf([
        ['No.', 'Part Number', 'Qty'],
        [1, '04465-33471', 2],
        [2, 'GDB9942', 3],
      ]);
      expect(await upload('no.xlsx', english)).toMatchObject({ status: 200, data: '04465-33471=2\nGDB9942=3' });
      const order = await xlsxOf([
        ['订单编号', '配件编号', '数量'],
        ['PO2024001', '04465-33471', 2],
        ['PO2024001', 'GDB9942', 3],
      ]);
      expect(await upload('order.xlsx', order)).toMatchObject({ status: 200, data: '04465-33471=2\nGDB9942=3' });
      const drawing = await xlsxOf([
        ['序号', '名称', '图号', '数量'],
        [1, '刹车片', '04465-33471', 2],
      ]);
      expect(await upload('drawing.xlsx', drawing)).toMatchObject({ status: 200, data: '04465-33471=2' });
    });

    test('a title row above the header', async () => {
      const file = await xlsxOf([
        ['广州某某汽配询价单'],
        [null],
        ['配件编号', '数量'],
        ['04465-33471', 2],
        ['GDB9942', 3],
      ]);
      const b = await upload('title.xlsx', file);
      expect(b).toMatchObject({ status: 200, data: '04465-33471=2\nGDB9942=3', msg: '导入成功，共 2 个编号' });
    });

    test('a number shown with leading zeros is imported as shown', async () => {
      const file = await xlsxOf(
        [
          ['配件编号', '数量'],
          [446533471, 2],
          [34116858652, 1],
          ['GDB9942', 1200],
        ],
        (sheet) => {
          sheet.getCell('A2').numFmt = '0000000000';
          sheet.getCell('B4').numFmt = '#,##0'; // shown as 1,200: still a quantity
        },
      );
      expect(await upload('zeros.xlsx', file)).toMatchObject({
        status: 200,
        data: '0446533471=2\n34116858652=1\nGDB9942=1200',
      });
      const book = XLSX.utils.book_new();
      const sheet = XLSX.utils.aoa_to_sheet([[446533471, 2]]);
      sheet['A1']!.z = '0000000000';
      XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
      const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
      expect(await upload('zeros.xls', xls, 'application/vnd.ms-excel')).toMatchObject({ data: '0446533471=2' });
    });
  });

  describe('refusals, each with a clear message', () => {
    test('an empty (0-byte) file is not a spreadsheet, not a missing file', async () => {
      const b = await upload('空.xlsx', Buffer.alloc(0));
      expect(b).toMatchObject({ status: 201, msg: IMPORT_TEXTS.notSpreadsheet, data: null });
      // No file chosen: the browser sends the part empty and without a name.
      expect((await upload('', Buffer.alloc(0))).msg).toBe(IMPORT_TEXTS.noFile);
    });

    test('a file that is not a spreadsheet', async () => {
      const b = await upload('numbers.xlsx', Buffer.from('A0004200420\n34116858652\n'));
      expect(b).toMatchObject({ status: 201, msg: IMPORT_TEXTS.notSpreadsheet, data: null });
      expect(b.msg).toBe('文件内容不是有效的 Excel 表格，请使用模板填写后再导入');
    });

    test('a broken .xlsx (cut in the middle)', async () => {
      const file = await xlsxOf([['A0004200420', 1]]);
      const b = await upload('cut.xlsx', file.subarray(0, Math.floor(file.length / 2)));
      expect(b).toMatchObject({ status: 201, msg: IMPORT_TEXTS.notSpreadsheet });
    });

    test('a zip that is not a workbook', async () => {
      const b = await upload('photos.xlsx', zipOf([{ name: 'a.txt', data: Buffer.from('hello') }]));
      expect(b).toMatchObject({ status: 201, msg: IMPORT_TEXTS.notSpreadsheet });
    });

    test('another extension', async () => {
      const b = await upload('list.csv', Buffer.from('A0004200420,2\n'), 'text/csv');
      expect(b).toMatchObject({ status: 201, msg: '只能导入 .xls 或 .xlsx 格式的表格文件' });
      const png = await upload('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
      expect(png.msg).toBe('只能导入 .xls 或 .xlsx 格式的表格文件');
    });

    test('over 10M, refused before it is parsed', async () => {
      const start = await xlsxOf([['A0004200420', 1]]);
      const form = multipartStream(
        {},
        { field: 'file', filename: 'huge.xlsx', contentType: XLSX_TYPE, start, size: 10 * 1024 * 1024 + 1 },
      );
      const res = await importForm(form);
      expect(body(res)).toMatchObject({ status: 201, msg: '文件大小不能超过 10M' });
    });

    test('exactly 10M is not too large (it fails later, as not a workbook)', async () => {
      const b = await upload('pad.xlsx', Buffer.alloc(10 * 1024 * 1024, 0x41));
      expect(b.msg).toBe(IMPORT_TEXTS.notSpreadsheet);
    });

    test('a zip bomb is refused from its directory, without inflating it', async () => {
      const sheet = Buffer.alloc(80 * 1024 * 1024, 0x20);
      const bomb = zipOf([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/worksheets/sheet1.xml', data: sheet },
      ]);
      expect(bomb.length).toBeLessThan(200 * 1024);
      expect(readZipDirectory(bomb)).toMatchObject({ entries: 2, uncompressed: sheet.length + 8 });
      const b = await upload('bomb.xlsx', bomb);
      expect(b).toMatchObject({ status: 201, msg: '表格解压后内容过大，请拆分后再导入' });
    });

    test('a password-protected workbook (encrypted OLE container)', async () => {
      const b = await upload('加密.xlsx', encryptedWorkbook());
      expect(b).toMatchObject({ status: 201, msg: '表格已设置密码保护，请取消密码后再导入' });
    });

    test('an empty sheet', async () => {
      const b = await upload('empty.xlsx', await xlsxOf([]));
      expect(b).toMatchObject({ status: 201, msg: '表格中没有数据，请按模板填写配件编号后再导入' });
      const blank = await upload('blank.xls', xlsOf([['', '']]), 'application/vnd.ms-excel');
      expect(blank.msg).toBe(IMPORT_TEXTS.empty);
    });

    test('only the header, no numbers', async () => {
      const b = await upload('header.xlsx', await xlsxOf([['配件编号', '数量']]));
      expect(b).toMatchObject({ status: 201, msg: IMPORT_TEXTS.empty });
    });

    test('merged cells', async () => {
      const file = await xlsxOf(
        [
          ['配件编号', '数量'],
          ['A0004200420', 2],
          [null, 2],
        ],
        (sheet) => sheet.mergeCells('A2:A3'),
      );
      expect((await upload('merged.xlsx', file)).msg).toBe('表格中有合并单元格，请取消合并后再导入');
      const xls = xlsOf(
        [
          ['A0004200420', 2],
          ['', 2],
        ],
        [{ s: { r: 0, c: 0 }, e: { r: 1, c: 0 } }],
      );
      expect((await upload('merged.xls', xls, 'application/vnd.ms-excel')).msg).toBe(IMPORT_TEXTS.merged);
    });

    test('columns that hold no numbers', async () => {
      const file = await xlsxOf([
        ['名称', '品牌'],
        ['前刹车片', '宝马'],
        ['机油滤清器', '奔驰'],
      ]);
      expect((await upload('names.xlsx', file)).msg).toBe(
        '无法识别编号列：请按模板在第一列填写配件编号、第二列填写数量',
      );
      const noHeader = await xlsxOf([['前刹车片'], ['机油滤清器'], ['A0004200420']]);
      expect((await upload('names2.xlsx', noHeader)).msg).toBe(IMPORT_TEXTS.columns);
    });

    /** An import without a session. */
    const anonymousImport = (form: Form) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Shop.Accessories/fromxls',
        payload: form.payload,
        headers: form.headers,
      });

    test('no file in the form, and no login', async () => {
      const form = multipartForm({ note: 'x' });
      const res = await importForm(form);
      expect(body(res)).toMatchObject({ status: 201, msg: '请选择要导入的表格文件' });
      const file = multipartForm(
        {},
        { field: 'file', filename: 'a.xls', contentType: 'x', content: xlsOf([['A', 1]]) },
      );
      expect(body(await anonymousImport(file))).toMatchObject({ status: 401, data: null });
    });

    test('without a session the login is refused before the body is read', async () => {
      const size = 64 * 1024 * 1024;
      const big = multipartStream(
        {},
        { field: 'file', filename: 'a.xlsx', contentType: 'x', start: Buffer.from('PK'), size },
      );
      expect(body(await anonymousImport(big))).toMatchObject({ status: 401, data: null });
      expect(big.produced()).toBeLessThan(size / 4);
      // A body the server cannot parse is not even looked at: the login answers, not 415.
      const odd = await anonymousImport({ payload: 'x', headers: { 'content-type': 'application/x-unknown' } });
      expect(odd.statusCode).toBe(200);
      expect(body(odd)).toMatchObject({ status: 401, data: null });
    });
  });

  test(`a sheet longer than ${ROWS_MAX} rows is read up to the limit and says so`, async () => {
    const rows = Array.from({ length: ROWS_MAX + 10 }, (_, i) => [`FR9-${i}`, 1]);
    const b = await upload('long.xlsx', await xlsxOf(rows));
    expect(b.status).toBe(200);
    expect(b.data!.split('\n')).toHaveLength(ROWS_MAX);
    expect(b.msg).toContain(`只读取了前 ${ROWS_MAX} 行`);
  });

  test('a sheet of one long text in every cell comes back from the worker cut, cell by cell', async () => {
    // 32767 characters is Excel's most; shared once in the file, it is copied once per cell.
    const long = 'A'.repeat(32_767);
    const file = await xlsxOf([
      ['配件编号', '数量'],
      ...Array.from({ length: 100 }, () => Array(COLUMNS_MAX).fill(long)),
    ]);
    const answer = await readWorkbook(file, t.fixtures.companies.a.id);
    if (answer.kind !== 'ok') throw new Error(answer.kind);
    expect(answer.rows).toHaveLength(101);
    expect(
      new Set(
        answer.rows
          .slice(1)
          .flat()
          .map((cell) => cell.length),
      ),
    ).toEqual(new Set([CELL_TEXT_MAX]));
    const b = await upload('long-cells.xlsx', file);
    expect(b).toMatchObject({ status: 201 });
    expect(b.msg).toContain('第 2 行编号过长');
  });

  test('parsing runs in a worker with a time limit', async () => {
    const file = await xlsxOf(Array.from({ length: 2000 }, (_, i) => [`FR9-${i}`, i + 1]));
    await expect(readWorkbook(file, t.fixtures.companies.a.id, 1)).rejects.toThrow(IMPORT_TEXTS.timeout);
    const answer = await readWorkbook(file, t.fixtures.companies.a.id);
    expect(answer).toMatchObject({ kind: 'ok', firstRow: 1 });
  });
});
