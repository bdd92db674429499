// Reads one spreadsheet (.xls or .xlsx) off the request thread (spreadsheet-import.ts starts it
// with a time and memory limit and checks size, type and the zip directory beforehand).
// Plain JavaScript so that it runs as is under tsx, vitest and the built server alike.
// In: workerData { bytes: Uint8Array, rowsMax, cellsMax, columnsMax, cellTextMax?, uncalculated }.
// Out: { kind: 'ok', sheet, rows: string[][], merged, truncated } | { kind: 'password' | 'unreadable' | 'too_many_cells' }.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

// The text given for a formula saved without its value (UNCALCULATED_FORMULA in spreadsheet-import.ts).
const { uncalculated } = workerData;

// What the dealer sees in the cell. A whole number in General format is written out in full
// (General may show 34116858652 as 3.41169E+10); with a format of its own ('0000000000' shows
// 446533471 as 0446533471, the part number as the dealer typed it) the formatted text is taken.
function cellText(cell) {
  if (!cell) return '';
  // A formula (or a cell of an array formula) without its value, as a program that does not
  // calculate writes it: <c><f>A1*2</f></c>. Read with sheetStubs it is a stub ('z'; its value a
  // placeholder 0) or a cell without value. A text formula's empty value (<c t="str"><f>..</f><v></v>)
  // is what IF(..., "", ...) leaves in Excel and cannot be told from none: it stays empty.
  if ((cell.f || cell.F) && (cell.t === 'z' || cell.v === undefined)) return uncalculated;
  if (cell.t === 'z' || cell.v === undefined || cell.v === null) return '';
  // An error ('#DIV/0!', '#N/A') as shown: its value is only the error's code (7, 42), not a number.
  if (cell.t === 'e') return typeof cell.w === 'string' ? cell.w : '#N/A';
  if (typeof cell.v === 'number' && Number.isInteger(cell.v)) {
    const formatted = typeof cell.z === 'string' && cell.z !== 'General' && typeof cell.w === 'string';
    return formatted ? cell.w : String(cell.v);
  }
  if (typeof cell.w === 'string') return cell.w;
  return String(cell.v);
}

function read() {
  const { bytes, rowsMax, cellsMax, columnsMax, cellTextMax } = workerData;
  let book;
  try {
    // sheetRows: parsing stops after rowsMax + 1 rows (one more tells that rows were cut).
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheetRows: rowsMax + 1,
      cellHTML: false,
      // cell.z: the number format, to tell General from a format of the dealer's own (cellText).
      cellNF: true,
      cellStyles: false,
      // Keeps the cells without a value: without it a formula without its value is dropped unseen.
      sheetStubs: true,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { kind: /password|encrypt/i.test(message) ? 'password' : 'unreadable', detail: message.slice(0, 200) };
  }
  let cellsSeen = 0;
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet || !sheet['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const rowCount = range.e.r - range.s.r + 1;
    const colCount = Math.min(range.e.c - range.s.c + 1, columnsMax);
    cellsSeen += rowCount * colCount;
    if (cellsSeen > cellsMax) return { kind: 'too_many_cells' };
    const rows = [];
    let any = false;
    for (let r = range.s.r; r <= range.e.r && r < range.s.r + rowsMax; r += 1) {
      const row = [];
      for (let c = range.s.c; c < range.s.c + colCount; c += 1) {
        const dense = sheet['!data'];
        const cell = dense ? dense[r]?.[c] : sheet[XLSX.utils.encode_cell({ r, c })];
        const text = cellText(cell).trim().slice(0, cellTextMax);
        if (text) any = true;
        row.push(text);
      }
      rows.push(row);
    }
    if (!any) continue;
    const merged = (sheet['!merges'] ?? []).some((m) => m.s.c < range.s.c + colCount && m.s.r <= range.e.r);
    const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range;
    const truncated = full.e.r - range.s.r + 1 > rowsMax;
    return { kind: 'ok', sheet: name, firstRow: range.s.r + 1, rows, merged, truncated };
  }
  return { kind: 'ok', sheet: book.SheetNames[0] ?? '', firstRow: 1, rows: [], merged: false, truncated: false };
}

parentPort.postMessage(read());
