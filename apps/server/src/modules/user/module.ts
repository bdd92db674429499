import { defineModule } from '../../platform/module';
import { pruneSessions } from '../../platform/sessions';
import { pruneLoginAttempts } from './login-attempts';
import routes from './routes';
import { pruneSmsCodes } from './sms-codes';
import { smsGatewayWarnings } from './sms-gateway';
import { pruneWxLogins } from './wechat';

const HOUR_MS = 60 * 60_000;

/**
 * Login (password, SMS code, WeChat), logout, profile, account settings and sub-accounts (the login itself is public). Its jobs clear old login
 * attempts (dealers' and staff's: one table) and finished dealer sessions.
 */
export default defineModule({
  name: 'user',
  controllers: [{ controller: 'User', routes }],
  startupWarnings: smsGatewayWarnings,
  jobs: [
    {
      name: 'prune-login-attempts',
      intervalMs: HOUR_MS,
      run: (db, config) => pruneLoginAttempts(db, config.LOGIN_WINDOW_MINUTES),
    },
    { name: 'prune-sessions', intervalMs: 24 * HOUR_MS, run: (db) => pruneSessions(db) },
    { name: 'prune-sms-codes', intervalMs: 6 * HOUR_MS, run: (db) => pruneSmsCodes(db) },
    { name: 'prune-wx-logins', intervalMs: 6 * HOUR_MS, run: (db) => pruneWxLogins(db) },
  ],
});
