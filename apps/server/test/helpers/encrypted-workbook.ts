import * as XLSX from '@e965/xlsx';

/**
 * A password-protected .xlsx as Excel saves it: an OLE compound file (as an .xls is) holding the
 * EncryptionInfo and EncryptedPackage streams, which no import can read.
 */
export function encryptedWorkbook(): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  const info = Buffer.alloc(248);
  info.writeUInt16LE(4, 0); // agile encryption, version 4.4
  info.writeUInt16LE(4, 2);
  info.writeUInt32LE(0x40, 4);
  XLSX.CFB.utils.cfb_add(container, '/EncryptionInfo', info);
  XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(8192, 0x5a));
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
}
