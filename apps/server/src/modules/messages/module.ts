import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';
import { deleteOldMessages } from './service';
import { MESSAGE_SUBSCRIBERS } from './subscribers';

/**
 * The message centre: the dealer's messages (/api/Tip.Tip), written from the outbox's events
 * (orders, returns, restock, answers, replies) and by staff broadcasts, pushed to the live
 * connections after they are committed, kept MESSAGE_KEEP_DAYS.
 */
export default defineModule({
  name: 'messages',
  controllers: [{ prefix: '/api/Tip.Tip', routes }],
  adminRoutes,
  permissions: ['messages.broadcast'],
  subscribers: MESSAGE_SUBSCRIBERS,
  jobs: [{ name: 'message-retention', intervalMs: 24 * 60 * 60_000, run: (db) => deleteOldMessages(db) }],
});
