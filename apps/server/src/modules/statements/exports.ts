import PDFDocument from 'pdfkit';
import type { StatementDetail } from '@shop/core/api/statements';
import { centsToMoney, toCents } from '@shop/core/money';
import { sheetFile } from '../../lib/xlsx';
import { shopFontPath } from '../media/assets-dir';

/**
 * A statement as a file (docs/statements.md, 'Export'): .xlsx (lib/xlsx) and PDF (pdfkit, with
 * the shipped Chinese font, assets/fonts/shop-sc.ttf, of which pdfkit embeds only the glyphs
 * used). Both show the opening balance, every line, the total of the lines and the closing balance
 * exactly as the statement holds them.
 */
export const PDF_TYPE = 'application/pdf';

export function statementFileName(s: Pick<StatementDetail, 'month'>, ext: 'xlsx' | 'pdf'): string {
  return `对账单_${s.month.replace('-', '')}.${ext}`;
}

const num = (amount: string) => Number(amount);

export async function statementXlsx(s: StatementDetail): Promise<Buffer> {
  const rows: Record<string, unknown>[] = [
    { at: '', kind: '期初余额', description: `${s.company_name} ${s.month_label}`, amount: num(s.opening) },
    ...s.lines.map((l) => ({ at: l.occurred_at, kind: l.kind_cn, description: l.description, amount: num(l.amount) })),
    { at: '', kind: '本期合计', description: `${s.line_count} 笔`, amount: num(s.total) },
  ];
  return sheetFile(
    '对账单',
    [
      { header: '日期', key: 'at', width: 20 },
      { header: '类型', key: 'kind', width: 14 },
      { header: '摘要', key: 'description', width: 48 },
      { header: '金额（元）', key: 'amount', width: 16, money: true },
    ],
    rows,
    { at: '', kind: '期末余额', description: `状态：${s.status_cn}；付款截止 ${s.due_on}`, amount: num(s.closing) },
  );
}

const FONT = () => shopFontPath();

export function statementPdf(s: StatementDetail): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${s.company_name} ${s.month_label}对账单`, Author: '汽配商城' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('sc', FONT());
  doc.font('sc');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cols = [
    { title: '日期', w: 110, align: 'left' as const },
    { title: '类型', w: 75, align: 'left' as const },
    { title: '摘要', w: width - 110 - 75 - 90, align: 'left' as const },
    { title: '金额（元）', w: 90, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const heights = cells.map((c, i) => doc.fontSize(9).heightOfString(c, { width: cols[i]!.w - 6 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.fontSize(9).text(c, x + 3, y + 3, { width: cols[i]!.w - 6, align: cols[i]!.align });
      x += cols[i]!.w;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(bold ? 1 : 0.3)
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  doc.fontSize(16).text(`${s.month_label}对账单`, { align: 'center' });
  doc.moveDown(0.5);
  doc.fontSize(10).text(`客户：${s.company_name}`);
  doc.text(`状态：${s.status_cn}    生成时间：${s.created_at}    付款截止：${s.due_on}`);
  doc.moveDown(0.5);
  row(
    cols.map((c) => c.title),
    true,
  );
  row(['', '期初余额', '上期期末余额', s.opening]);
  for (const l of s.lines) row([l.occurred_at, l.kind_cn, l.description, l.amount]);
  row(['', '本期合计', `${s.line_count} 笔`, s.total], true);
  row(['', '期末余额', '期初余额 + 本期合计', s.closing], true);
  doc.moveDown(1);
  const check = centsToMoney((toCents(s.opening) ?? 0n) + (toCents(s.total) ?? 0n));
  doc.fontSize(9).text(`核对：${s.opening} + ${s.total} = ${check}。金额为正表示应付，为负表示抵扣或已付款。`, left);
  if (s.confirmed_at) doc.text(`客户已于 ${s.confirmed_at} 确认。`, left);
  doc.end();
  return done;
}
