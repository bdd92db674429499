import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchSearchRequest,
  BatchSearchResult,
  SPREADSHEET_FIELD,
  SPREADSHEET_TEMPLATE_NAME,
  SpreadsheetImportResult,
} from '@shop/core/api/bulk-search';
import { ok } from '../../lib/envelope';
import { answers, loginRoute, publicRoute } from '../../lib/route-options';
import { sendXlsx } from '../../lib/xlsx';
import { BusinessError } from '../../lib/errors';
import { partSearchRoute } from '../search/search-route';
import { batchSearch } from './service';
import { IMPORT_TEXTS, importSpreadsheet } from './spreadsheet-import';
import { templateWorkbook } from './template';

/** /api/Shop.Accessory/batchSearch: the multi-number search (login required). */
export const bulkSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  partSearchRoute(
    app,
    '/batchSearch',
    '多编号搜索：每行一个编号（可带 =数量），按输入顺序每行一组结果',
    { body: BatchSearchRequest, answer: BatchSearchResult },
    batchSearch,
  );
};

/** /api/Shop.Accessories/fromxls (login required) and /template (public): the spreadsheet import and its template. */
export const spreadsheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/fromxls',
    loginRoute('parts', '表格导入（multipart：file，.xls 或 .xlsx，≤10M）→ 编号文本，每行“编号=数量”', {
      response: answers(SpreadsheetImportResult),
    }),
    async (request) => {
      // Size, name and content are checked (upload kind 'spreadsheet') before anything is parsed.
      const form = await app.uploads.receiveInMemory(request, 'spreadsheet', { fileFields: [SPREADSHEET_FIELD] });
      const upload = form.files[0];
      if (!upload) throw new BusinessError(IMPORT_TEXTS.noFile);
      const result = await importSpreadsheet(
        upload.originalName,
        upload.bytes,
        app.config.BRAND,
        request.auth.companyId,
      );
      return ok(result.text, result.msg);
    },
  );

  const template = publicRoute('parts', '表格导入模板（.xlsx）', {});
  const sendTemplate = async (_request: unknown, reply: FastifyReply) => {
    const bytes = await templateWorkbook();
    return sendXlsx(reply, bytes, SPREADSHEET_TEMPLATE_NAME, 'public, max-age=3600');
  };
  // A static file in spec.md (its path is not shown): anyone may download it, GET or POST.
  app.get('/template', template, sendTemplate);
  app.post('/template', template, sendTemplate);
};
