import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_KIND_NAMES,
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  IMPORT_TEXTS,
  ImportBatch,
  ImportBatchList,
  ImportBatchParams,
  ImportRowList,
  ImportRowsQuery,
} from '@shop/core/api/admin-prices';
import { AdminPaging } from '@shop/core/api/admin';
import type { FastifyRequest } from 'fastify';
import { adminRoute } from '../../lib/route-options';
import { envelope, ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { auditActor } from '../staff/audit';
import { staffRoutes } from '../staff/staff-routes';
import { importFileType } from './read-file';
import { getBatch, listBatches, listRows, runBatch, startImport, type ImportEnv } from './service';

/** The form field of the uploaded file. */
export const IMPORT_FILE_FIELD = 'file';

/**
 * /api/admin/imports/{parts,prices,stock}/*: upload (then previewed in the background), the
 * batches, a batch with its progress, its rows, apply, rollback. Each kind's routes need that
 * kind's permission (catalog.manage, prices.manage, stock.manage).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of IMPORT_KINDS) {
    const permission = IMPORT_PERMISSION[kind];
    const what = `${IMPORT_KIND_NAMES[kind]}导入`;
    const base = `/imports/${kind}`;
    const staff = staffRoutes(app, permission);
    const env = (request: FastifyRequest): ImportEnv => ({
      db: request.ctx.db,
      variant: request.ctx.variant,
      log: (err: unknown) => request.log.error({ err }, `${what} failed`),
    });

    app.post(
      base,
      adminRoute(permission, `上传${what}文件（.xlsx 或 .csv，表单字段 file），随后生成预览`, {
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ImportBatch) },
      }),
      async (request) => {
        const form = await app.uploads.receiveInMemory(request, 'erp-import', { fileFields: [IMPORT_FILE_FIELD] });
        const upload = form.files[0];
        if (!upload) throw new BusinessError(IMPORT_TEXTS.noFile);
        const batch = await startImport(env(request), auditActor(request), kind, {
          name: upload.originalName,
          bytes: upload.bytes,
          type: importFileType(upload.ext, upload.bytes),
        });
        return ok(batch, IMPORT_TEXTS.uploaded);
      },
    );

    staff.get(base, (ctx, q) => listBatches(ctx.db, kind, q), {
      summary: `${what}批次（最新在前）`,
      input: AdminPaging,
      answer: ImportBatchList,
    });
    staff.get(`${base}/:id`, (ctx, _q, { params }) => getBatch(ctx.db, kind, params.id), {
      summary: `${what}批次的状态、进度与结果`,
      params: ImportBatchParams,
      answer: ImportBatch,
    });
    staff.get(`${base}/:id/rows`, (ctx, q, { params }) => listRows(ctx.db, ctx.variant, kind, params.id, q), {
      summary: `${what}批次的预览行（按状态筛选；conflict：回滚时未恢复的行）`,
      params: ImportBatchParams,
      input: ImportRowsQuery,
      answer: ImportRowList,
    });
    for (const [move, summary, done] of [
      ['apply', `确认${what}（一个事务内应用全部变更）`, IMPORT_TEXTS.applied],
      ['rollback', `回滚${what}批次（之后被改动过的字段保留并列出）`, IMPORT_TEXTS.rolledBack],
    ] as const) {
      staff.post(
        `${base}/:id/${move}`,
        (_ctx, _b, { params, actor, request }) => runBatch(env(request), actor, kind, params.id, move),
        { summary, params: ImportBatchParams, input: z.object({}).optional(), answer: ImportBatch, msg: done },
      );
    }
  }
};

export default adminRoutes;
