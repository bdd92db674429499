import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import { monthlyStatementsJob } from './build';
import routes from './routes';
import { ledgerSubscriber, statementMessagesSubscriber } from './subscribers';

/**
 * Credit, special approval, payments and monthly statements (docs/statements.md). Every brand
 * has it (dealers order on account): the company ledger, /api/Shop.CustomerStatement and the
 * back office's finance screens.
 */
export default defineModule({
  name: 'statements',
  controllers: [{ controller: 'CustomerStatement', routes }],
  adminRoutes,
  permissions: ['finance.manage'],
  subscribers: [ledgerSubscriber, statementMessagesSubscriber],
  jobs: [{ name: 'statements-monthly', intervalMs: 60 * 60_000, run: (db) => monthlyStatementsJob(db) }],
});
