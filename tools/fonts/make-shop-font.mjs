// Makes the shop's Chinese font (apps/server/assets/fonts/shop-sc.ttf: statement PDFs embed it, posters draw with it): WenQuanYi
// Zen Hei (apt package fonts-wqy-zenhei; GPL with the font-embedding exception) cut to ASCII,
// the GB2312 characters and punctuation, so every company name, part name and text they show is
// covered while the file stays small. Run again only to change the set:
//   node tools/fonts/make-shop-font.mjs [/path/to/wqy-zenhei.ttc]
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const source = process.argv[2] ?? '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const out = new URL('../../apps/server/assets/fonts/shop-sc.ttf', import.meta.url);
const gbk = new TextDecoder('gbk');
let text = '';
for (let c = 0x20; c < 0x7f; c++) text += String.fromCharCode(c);
text += '¥￥　';
// GB2312: rows 0xA1–0xA9 (symbols, full-width forms) and 0xB0–0xF7 (the 6,763 hanzi).
for (let b1 = 0xa1; b1 <= 0xf7; b1++) {
  if (b1 > 0xa9 && b1 < 0xb0) continue;
  for (let b2 = 0xa1; b2 <= 0xfe; b2++) {
    const ch = gbk.decode(new Uint8Array([b1, b2]));
    if (ch !== '\ufffd') text += ch;
  }
}
/** The first face of a TrueType collection (.ttc) as a font file of its own (.ttf); a .ttf as it is. */
function firstFace(file) {
  if (file.toString('latin1', 0, 4) !== 'ttcf') return file;
  const at = file.readUInt32BE(12);
  const count = file.readUInt16BE(at + 4);
  const tables = [];
  for (let i = 0; i < count; i++) {
    const r = at + 12 + i * 16;
    tables.push({
      tag: file.subarray(r, r + 4),
      sum: file.readUInt32BE(r + 4),
      offset: file.readUInt32BE(r + 8),
      length: file.readUInt32BE(r + 12),
    });
  }
  const head = Buffer.alloc(12 + count * 16);
  file.copy(head, 0, at, at + 12);
  const bodies = [];
  let offset = head.length;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    t.tag.copy(head, r);
    head.writeUInt32BE(t.sum, r + 4);
    head.writeUInt32BE(offset, r + 8);
    head.writeUInt32BE(t.length, r + 12);
    const padded = Buffer.alloc((t.length + 3) & ~3);
    file.copy(padded, 0, t.offset, t.offset + t.length);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

const font = await subsetFont(firstFace(readFileSync(source)), text, { targetFormat: 'truetype' });
writeFileSync(out, font);
console.log(`${out.pathname}: ${[...text].length} characters, ${font.length} bytes`);
