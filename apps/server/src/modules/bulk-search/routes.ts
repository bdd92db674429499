import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchSearchRequest,
  BatchSearchResult,
  SPREADSHEET_FIELD,
  SPREADSHEET_TEMPLATE_NAME,
  SpreadsheetImportResult,
} from '@shop/core/api/bulk-search';
import { envelope, ok } from '../../lib/envelope';
import { sendXlsx } from '../../lib/xlsx';
import { BusinessError } from '../../lib/errors';
import { rowContextFromRequest } from '../catalog/product-rows';
import { flushSearchLogs } from '../search/search-log-buffer';
import { batchSearch } from './service';
import { IMPORT_TEXTS, importSpreadsheet, SPREADSHEET_MAX_BYTES } from './spreadsheet-import';
import { templateWorkbook } from './template';

/** /api/Shop.Accessory/batchSearch: the multi-number search (login required). */
export const bulkSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/batchSearch',
    {
      preHandler: app.requireLogin,
      schema: {
        summary: '多编号搜索：每行一个编号（可带 =数量），按输入顺序每行一组结果',
        tags: ['parts'],
        security: [{ token: [] }],
        body: BatchSearchRequest,
        response: { 200: envelope(BatchSearchResult) },
      },
    },
    async (request) =>
      ok(
        await batchSearch(app.db, rowContextFromRequest(request, request.body.warehouse), request.body, (err) =>
          app.log.error({ err }, 'search log: write failed'),
        ),
      ),
  );
  app.addHook('onClose', () => flushSearchLogs(app.db));
};

/** Multipart limits of the import form: one file of at most 10M (a byte more tells it was cut). */
const IMPORT_LIMITS = { fileSize: SPREADSHEET_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 };
/** The multipart envelope around the file. */
const FORM_OVERHEAD = 64 * 1024;

function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** /api/Shop.Accessories/fromxls and /template: the spreadsheet import and its template. */
export const spreadsheetRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: IMPORT_LIMITS });
  }

  app.post(
    '/fromxls',
    {
      preHandler: app.requireLogin,
      schema: {
        summary: '表格导入（multipart：file，.xls 或 .xlsx，≤10M）→ 编号文本，每行“编号=数量”',
        tags: ['parts'],
        security: [{ token: [] }],
        response: { 200: envelope(SpreadsheetImportResult) },
      },
    },
    async (request) => {
      // The size is checked before anything is read or parsed.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > SPREADSHEET_MAX_BYTES + FORM_OVERHEAD) {
        throw new BusinessError(IMPORT_TEXTS.tooLarge);
      }
      if (!request.isMultipart()) throw new BusinessError(IMPORT_TEXTS.noFile);
      let upload: { filename: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts({ limits: IMPORT_LIMITS })) {
          if (part.type === 'file' && part.fieldname === SPREADSHEET_FIELD && !upload) {
            upload = { filename: part.filename, bytes: await part.toBuffer() };
          } else if (part.type === 'file') {
            part.file.resume();
          }
        }
      } catch (err) {
        if (isFileTooLarge(err)) throw new BusinessError(IMPORT_TEXTS.tooLarge);
        throw err;
      }
      // No file chosen: a browser still sends the part, empty and without a name. An empty file that
      // has a name was chosen; checkSpreadsheet answers that it is not a spreadsheet.
      if (!upload || (upload.bytes.length === 0 && !upload.filename)) throw new BusinessError(IMPORT_TEXTS.noFile);
      const result = await importSpreadsheet(upload.filename, upload.bytes, app.config.BRAND, request.auth.companyId);
      return ok(result.text, result.msg);
    },
  );

  const template = {
    schema: {
      summary: '表格导入模板（.xlsx）',
      tags: ['parts'],
    },
  };
  const sendTemplate = async (_request: unknown, reply: FastifyReply) => {
    const bytes = await templateWorkbook();
    return sendXlsx(reply, bytes, SPREADSHEET_TEMPLATE_NAME, 'public, max-age=3600');
  };
  // A static file in spec.md (its path is not shown): anyone may download it, GET or POST.
  app.get('/template', template, sendTemplate);
  app.post('/template', template, sendTemplate);
};
