/**
 * Reads a zip file's central directory (no inflating) so that an .xlsx can be refused before it
 * is unpacked: too many entries, or more uncompressed bytes than we are willing to inflate
 * (a zip bomb declares them here). Zip64 archives are refused: a 10M spreadsheet never needs one.
 */
export interface ZipDirectory {
  entries: number;
  /** Sum of the declared uncompressed sizes. */
  uncompressed: number;
  /** Largest ratio uncompressed / compressed of one entry. */
  maxRatio: number;
  names: string[];
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const COMMENT_MAX = 0xffff;

/** null when the bytes are not a readable zip archive (or a zip64 one). */
export function readZipDirectory(bytes: Buffer): ZipDirectory | null {
  if (bytes.length < EOCD_MIN) return null;
  const from = Math.max(0, bytes.length - EOCD_MIN - COMMENT_MAX);
  let eocd = -1;
  for (let i = bytes.length - EOCD_MIN; i >= from; i -= 1) {
    if (bytes.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null;
  if (offset + size > eocd) return null;

  let at = offset;
  let uncompressed = 0;
  let maxRatio = 0;
  const names: string[] = [];
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    names.push(bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, eocd)));
    uncompressed += uncompressedSize;
    if (uncompressedSize > 0) maxRatio = Math.max(maxRatio, uncompressedSize / Math.max(1, compressedSize));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressed, maxRatio, names };
}
