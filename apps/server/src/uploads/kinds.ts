import { CONSTANTS } from '@shop/core/constants';
import { CONTENT_MEDIA_MAX_BYTES, CONTENT_TEXTS } from '@shop/core/api/admin-content';
import {
  SPREADSHEET_BAD_TYPE_TEXT,
  SPREADSHEET_EXTENSIONS,
  SPREADSHEET_TOO_LARGE_TEXT,
} from '@shop/core/api/bulk-search';
import { IMPORT_TEXTS as ERP_IMPORT_TEXTS } from '@shop/core/api/admin-prices';
import { DEVELOPMENT_PICTURE_MAX_BYTES, DEVELOPMENT_TEXTS } from '@shop/core/development-rules';
import { FEEDBACK_FILE_BAD_TYPE, FEEDBACK_FILE_MAX_BYTES, FEEDBACK_FILE_TOO_LARGE } from '@shop/core/api/feedback';
import { PICTURE_MAX_BYTES, PICTURE_TEXTS } from '@shop/core/api/uploads';
import { RETURN_PICTURE_MAX_BYTES, RETURN_TEXTS } from '@shop/core/return-request';
import { sniffMediaType, sniffSpreadsheet, type SniffedType } from './file-sniff';

/**
 * Every kind of uploaded file, in one table: what its content must be (checked on the first
 * bytes, whatever name or type the browser claimed), its largest size, whether it is stored, and
 * the Chinese texts its refusals answer with.
 *
 * - stored ('storage'): streamed to the file storage under `folder/{companyId}/`, never held in
 *   memory, recorded in the uploads table (owned by the company) and counted in the company's
 *   daily upload quota and the account's upload rate (upload-quota.ts);
 * - in memory ('memory'): handed to the caller as bytes and not stored; its heavy work (parsing a
 *   spreadsheet, reading a VIN) waits its company's turn in a fair queue (lib/fair-queue.ts:
 *   bulk-search/spreadsheet-import.ts importQueue, vin/ocr-engine.ts).
 */
export type UploadKindName =
  | 'feedback'
  | 'return-picture'
  | 'development-picture'
  | 'picture'
  | 'spreadsheet'
  | 'vin-photo'
  | 'shop-media'
  | 'erp-import';

export interface UploadKindTexts {
  /** No file chosen (when the form requires one). */
  noFile?: string;
  /** A chosen file of 0 bytes; without it an empty file counts as no file. */
  empty?: string;
  tooLarge: string;
  /** Content not of the kind. */
  badType: string;
  /** A name without one of `extensions` (checked before the content). */
  badName?: string;
}

export interface UploadKind {
  name: UploadKindName;
  store: 'storage' | 'memory';
  /** Folder of the stored files (a company's below it). */
  folder?: string;
  maxBytes: number;
  /** The file's type by its first bytes, or undefined when the kind does not take it. */
  accept(head: Buffer): SniffedType | undefined;
  /** File name extensions the kind requires (lower case), if any. */
  extensions?: readonly string[];
  /**
   * Stored as claimed: the request that uploads it also writes what references it (a feedback,
   * a return request). Otherwise the upload stays unclaimed until the service that uses it calls
   * claimUploads, and an unclaimed upload is deleted after a day (uploads/unclaimed.ts).
   */
  claimedOnStore?: boolean;
  texts: UploadKindTexts;
  /**
   * One call's narrower set (narrowKind): of the files the kind takes, only those of these types;
   * another is refused with `refusal` as it streams, before anything is stored.
   */
  only?: { kinds: readonly SniffedType['kind'][]; refusal: string };
}

/** The kind for a call that takes only some of its types (the shop's pictures without its videos). */
export function narrowKind(kind: UploadKind, kinds: readonly SniffedType['kind'][], refusal: string): UploadKind {
  return { ...kind, only: { kinds, refusal } };
}

/**
 * The type of a file by its first bytes when the kind (narrowed or not) takes it; otherwise the
 * text it is refused with: the narrowed set's refusal for a type the kind takes elsewhere, the
 * kind's own for any other content.
 */
export function sniffForKind(kind: UploadKind, head: Buffer): { type: SniffedType } | { refusal: string } {
  const type = kind.accept(head);
  if (!type) return { refusal: kind.texts.badType };
  if (kind.only && !kind.only.kinds.includes(type.kind)) return { refusal: kind.only.refusal };
  return { type };
}

/** What a browser shows in the banner carousel: common pictures, MP4 and WEBM videos. */
export const SHOP_MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

const image = (head: Buffer) => {
  const type = sniffMediaType(head);
  return type?.kind === 'image' ? type : undefined;
};

/** Largest VIN photo, decoded. */
export const VIN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const VIN_PHOTO_TEXTS = {
  tooLarge: '图片过大，请选择小于 10MB 的图片',
  badType: '文件不是有效的图片，请选择 JPG、PNG 等格式的照片',
} as const;

export const SPREADSHEET_TEXTS = {
  noFile: '请选择要导入的表格文件',
  empty: '文件内容不是有效的 Excel 表格，请使用模板填写后再导入',
  tooLarge: SPREADSHEET_TOO_LARGE_TEXT,
  badType: '文件内容不是有效的 Excel 表格，请使用模板填写后再导入',
  badName: SPREADSHEET_BAD_TYPE_TEXT,
} as const;

/** Largest file of an ERP import (a million stock rows as .csv is about 30MB). */
export const ERP_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * An .xlsx (a zip) or .csv (text: no NUL among its first bytes); an OLE file ('xls') too, for the
 * import to tell a password-protected .xlsx from an .xls (erp-imports/read-file.ts importFileType).
 */
function erpImportType(head: Buffer): SniffedType | undefined {
  const spreadsheet = sniffSpreadsheet(head);
  if (spreadsheet) return spreadsheet;
  return head.includes(0) ? undefined : { kind: 'spreadsheet', mime: 'text/csv', ext: 'csv' };
}

export const UPLOAD_KINDS: Record<UploadKindName, UploadKind> = {
  /** The side bar's feedback: an image or a video up to 100MB (spec.md section 5). */
  feedback: {
    name: 'feedback',
    store: 'storage',
    folder: 'feedback',
    maxBytes: FEEDBACK_FILE_MAX_BYTES,
    claimedOnStore: true,
    accept: (head) => sniffMediaType(head),
    texts: { empty: PICTURE_TEXTS.empty, tooLarge: FEEDBACK_FILE_TOO_LARGE, badType: FEEDBACK_FILE_BAD_TYPE },
  },
  /** A picture of a dealer's return request (up to 3 a request). */
  'return-picture': {
    name: 'return-picture',
    store: 'storage',
    folder: 'returns',
    maxBytes: RETURN_PICTURE_MAX_BYTES,
    claimedOnStore: true,
    accept: image,
    texts: {
      empty: PICTURE_TEXTS.empty,
      tooLarge: RETURN_TEXTS.pictureTooLarge,
      badType: RETURN_TEXTS.pictureBadType,
    },
  },
  /** A picture of a development request ('I want to develop'; up to DEVELOPMENT_PICTURES_MAX a request). */
  'development-picture': {
    name: 'development-picture',
    store: 'storage',
    folder: 'development',
    maxBytes: DEVELOPMENT_PICTURE_MAX_BYTES,
    claimedOnStore: true,
    accept: image,
    texts: {
      empty: PICTURE_TEXTS.empty,
      tooLarge: DEVELOPMENT_TEXTS.pictureTooLarge,
      badType: DEVELOPMENT_TEXTS.pictureBadType,
    },
  },
  /**
   * POST /api/Base/upload: one picture, answered with its id and url. The form that sends the id
   * or url on claims it (claimUploads); an unclaimed one is deleted after a day.
   */
  picture: {
    name: 'picture',
    store: 'storage',
    folder: 'pictures',
    maxBytes: PICTURE_MAX_BYTES,
    accept: image,
    texts: PICTURE_TEXTS,
  },
  /** The spreadsheet import (POST /api/Shop.Accessories/fromxls): .xls or .xlsx up to 10M. */
  spreadsheet: {
    name: 'spreadsheet',
    store: 'memory',
    maxBytes: CONSTANTS.spreadsheetMaxBytes,
    accept: sniffSpreadsheet,
    extensions: SPREADSHEET_EXTENSIONS,
    texts: SPREADSHEET_TEXTS,
  },
  /**
   * The shop's own pictures and videos, sent by staff (receiveShopMedia: in no company's quota,
   * served to everyone): the banners under content/ (/media/content/), the parts' pictures and
   * videos under catalog/ (/media/catalog/; the catalog passes its folder).
   */
  'shop-media': {
    name: 'shop-media',
    store: 'storage',
    folder: 'content',
    maxBytes: CONTENT_MEDIA_MAX_BYTES,
    accept: (head) => {
      const type = sniffMediaType(head);
      return type && SHOP_MEDIA_TYPES[type.ext] === type.mime ? type : undefined;
    },
    texts: {
      noFile: CONTENT_TEXTS.mediaRequired,
      tooLarge: CONTENT_TEXTS.mediaTooLarge,
      badType: CONTENT_TEXTS.mediaBadType,
    },
  },
  /** A photo to read a VIN from (POST /api/Vin/ocr, sent as base64). */
  'vin-photo': {
    name: 'vin-photo',
    store: 'memory',
    maxBytes: VIN_PHOTO_MAX_BYTES,
    accept: image,
    texts: { ...VIN_PHOTO_TEXTS, empty: VIN_PHOTO_TEXTS.badType, noFile: VIN_PHOTO_TEXTS.badType },
  },
  /** The back office's imports from the ERP (parts, prices, stock): .xlsx or .csv. */
  'erp-import': {
    name: 'erp-import',
    store: 'memory',
    maxBytes: ERP_IMPORT_MAX_BYTES,
    accept: erpImportType,
    extensions: ['xlsx', 'csv'],
    texts: ERP_IMPORT_TEXTS,
  },
};
