import { newSheet, workbookBuffer } from '../../lib/xlsx';

/**
 * The import template (.xlsx): a header row '配件编号' / '数量' that the import recognises, three
 * example rows in the real formats, and a note. Made once per process.
 */
let cached: Promise<Buffer> | undefined;

export const TEMPLATE_EXAMPLES: [string, number][] = [
  ['A 000 420 04 20', 2],
  ['34116858652', 1],
  ['04465-33471', 4],
];

async function build(): Promise<Buffer> {
  const { workbook, sheet } = newSheet('导入编号', [
    { header: '配件编号', key: 'number', width: 28 },
    { header: '数量', key: 'quantity', width: 10 },
    { header: '说明', key: 'note', width: 60 },
  ]);
  // The number column is text: '0446533471' keeps its leading zero.
  sheet.getColumn(1).numFmt = '@';
  TEMPLATE_EXAMPLES.forEach(([number, quantity], i) =>
    sheet.addRow({
      number,
      quantity,
      note: i === 0 ? '每行一个编号（OE 号、原厂号、本品牌编码均可），数量可不填（默认 1）' : '',
    }),
  );
  sheet.getCell('C3').value = '最多 10M，.xls 或 .xlsx；请勿合并单元格、勿设置密码；导入前请删除示例行';
  return workbookBuffer(workbook);
}

export function templateWorkbook(): Promise<Buffer> {
  cached ??= build().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}
