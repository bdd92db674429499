import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import { giveUpStaleWork, purgeOldImportRows, PURGE_ROWS_EVERY_MS, STALE_WORK_EVERY_MS } from './maintenance';

/** Imports of parts, prices and stock from the brand's ERP: preview, apply, rollback (issue 26). */
export default defineModule({
  name: 'erp-imports',
  controllers: [],
  adminRoutes,
  permissions: ['catalog.manage', 'prices.manage', 'stock.manage'],
  jobs: [
    // At start too: the work a process left when it died is given up as soon as it is stale.
    { name: 'imports-stale-work', intervalMs: STALE_WORK_EVERY_MS, run: (db) => giveUpStaleWork(db), firstAfterMs: 0 },
    {
      name: 'imports-purge-rows',
      intervalMs: PURGE_ROWS_EVERY_MS,
      run: (db, config) => purgeOldImportRows(db, config.IMPORT_ROWS_KEEP_DAYS),
    },
  ],
});
