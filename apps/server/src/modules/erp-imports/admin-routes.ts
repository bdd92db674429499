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
import { adminRoute } from '../../lib/route-options';
import { envelope, ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { auditActor } from '../staff/audit';
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
    const env = (request: {
      log: { error: (o: object, m: string) => void };
      ctx: { variant: ImportEnv['variant'] };
    }) => ({
      db: app.db,
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
        });
        return ok(batch, IMPORT_TEXTS.uploaded);
      },
    );

    app.get(
      base,
      adminRoute(permission, `${what}批次（最新在前）`, {
        querystring: AdminPaging,
        response: { 200: envelope(ImportBatchList) },
      }),
      async (request) => ok(await listBatches(app.db, kind, request.query)),
    );

    app.get(
      `${base}/:id`,
      adminRoute(permission, `${what}批次的状态、进度与结果`, {
        params: ImportBatchParams,
        response: { 200: envelope(ImportBatch) },
      }),
      async (request) => ok(await getBatch(app.db, kind, request.params.id)),
    );

    app.get(
      `${base}/:id/rows`,
      adminRoute(permission, `${what}批次的预览行（按状态筛选；conflict：回滚时未恢复的行）`, {
        params: ImportBatchParams,
        querystring: ImportRowsQuery,
        response: { 200: envelope(ImportRowList) },
      }),
      async (request) => ok(await listRows(app.db, request.ctx.variant, kind, request.params.id, request.query)),
    );

    app.post(
      `${base}/:id/apply`,
      adminRoute(permission, `确认${what}（一个事务内应用全部变更）`, {
        params: ImportBatchParams,
        body: z.object({}).optional(),
        response: { 200: envelope(ImportBatch) },
      }),
      async (request) =>
        ok(await runBatch(env(request), auditActor(request), kind, request.params.id, 'apply'), IMPORT_TEXTS.applied),
    );

    app.post(
      `${base}/:id/rollback`,
      adminRoute(permission, `回滚${what}批次（之后被改动过的字段保留并列出）`, {
        params: ImportBatchParams,
        body: z.object({}).optional(),
        response: { 200: envelope(ImportBatch) },
      }),
      async (request) =>
        ok(
          await runBatch(env(request), auditActor(request), kind, request.params.id, 'rollback'),
          IMPORT_TEXTS.rolledBack,
        ),
    );
  }
};

export default adminRoutes;
