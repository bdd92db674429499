/**
 * Recognises the formats uploads accept (images, videos, spreadsheets) from a file's first bytes,
 * whatever name or type the browser claimed. SVG and other active content are not accepted.
 */
export interface SniffedType {
  kind: 'image' | 'video' | 'spreadsheet';
  mime: string;
  ext: string;
}

/** Bytes needed to recognise every format below. */
export const SNIFF_BYTES = 16;

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.subarray(start, end).toString('latin1');
}

function startsWith(buf: Buffer, bytes: number[]): boolean {
  return buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** ISO base media (MP4, MOV, 3GP, HEIC, AVIF): 'ftyp' at offset 4, the brand after it. */
function sniffIsoMedia(buf: Buffer): SniffedType | undefined {
  if (buf.length < 12 || ascii(buf, 4, 8) !== 'ftyp') return undefined;
  const brand = ascii(buf, 8, 12);
  if (HEIF_BRANDS.has(brand)) return { kind: 'image', mime: 'image/heic', ext: 'heic' };
  if (AVIF_BRANDS.has(brand)) return { kind: 'image', mime: 'image/avif', ext: 'avif' };
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
  if (brand.startsWith('3g')) return { kind: 'video', mime: 'video/3gpp', ext: '3gp' };
  return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
}

export function sniffMediaType(head: Buffer): SniffedType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ')
    return { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' };
  if (ascii(head, 0, 2) === 'BM' && head.length >= 14) return { kind: 'image', mime: 'image/bmp', ext: 'bmp' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))
    return { kind: 'video', mime: 'video/x-ms-wmv', ext: 'wmv' };
  if (ascii(head, 0, 3) === 'FLV') return { kind: 'video', mime: 'video/x-flv', ext: 'flv' };
  return sniffIsoMedia(head);
}

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * An .xls (an OLE compound file) or an .xlsx (a zip). Only the container: whether the zip is a
 * workbook, and how large it unpacks, is checked before parsing (bulk-search/spreadsheet-import.ts).
 */
export function sniffSpreadsheet(head: Buffer): SniffedType | undefined {
  if (startsWith(head, OLE_MAGIC)) return { kind: 'spreadsheet', mime: 'application/vnd.ms-excel', ext: 'xls' };
  if (startsWith(head, ZIP_MAGIC))
    return {
      kind: 'spreadsheet',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    };
  return undefined;
}
