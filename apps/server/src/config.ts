import { z } from 'zod';
import { BRAND_KEYS, DEFAULT_BRAND } from '@shop/core/brand-variants';

/**
 * The server's configuration, read and validated once from the environment.
 * Every setting is listed in the README's configuration table.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** An address, or none when unset or empty. */
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** postgres://... to run on PostgreSQL; empty for the embedded PGlite database. */
  DATABASE_URL: optionalUrl,
  /** Folder of the embedded database (and uploads); 'memory' keeps it in memory. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** redis://... to share rate limits and live events between processes. */
  REDIS_URL: optionalUrl,
  BRAND: z.enum(BRAND_KEYS).default(DEFAULT_BRAND),
  /** Fill an empty database with demo data on start: default on for PGlite, off for PostgreSQL. */
  DEMO_DATA: flag.optional(),
  /** Parts made by the demo generator on first start. */
  DEMO_PARTS: z.coerce.number().int().min(10).max(2_000_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request taking this long or longer is logged at warn level (others at debug). */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  /**
   * Time a client has to send a whole request (headers and body; uploads included), and its
   * headers alone. A client that sends slower gets 408 and the connection closes.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Session idle expiry in minutes and absolute expiry in hours. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24),
  /**
   * Failed logins allowed within LOGIN_WINDOW_MINUTES (decision 0022): per account from one
   * address (the usual lockout, which leaves the real user's other addresses alone), per address
   * over all accounts, and per account over all addresses (against guessing spread over many).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * SMS codes (sign-in, a new phone): the HTTP gateway's address and key; without an address the
   * codes are written to the server's log (the local gateway, for development and tests).
   */
  SMS_GATEWAY_URL: optionalUrl,
  SMS_GATEWAY_KEY: z.string().default(''),
  /** SMS codes one phone, and one address, may ask for per China day. */
  SMS_DAILY_MAX_PER_PHONE: z.coerce.number().int().min(1).default(10),
  SMS_DAILY_MAX_PER_IP: z.coerce.number().int().min(1).default(50),
  /**
   * WeChat sign-in (website application, QR login): the app's id and secret (both, or WeChat is
   * off), the authorize page and the API's base address (WeChat's unless changed), and the
   * address WeChat sends the user back to (default: this shop's /bind_wx, from the request).
   */
  WX_APP_ID: z.string().default(''),
  WX_APP_SECRET: z.string().default(''),
  WX_AUTHORIZE_URL: z.string().url().default('https://open.weixin.qq.com/connect/qrconnect'),
  WX_API_URL: z.string().url().default('https://api.weixin.qq.com'),
  WX_REDIRECT_URI: optionalUrl,
  /** Megabytes of uploaded files (feedback images and videos) a company may store per China day. */
  UPLOAD_MB_PER_COMPANY_DAY: z.coerce.number().int().min(1).default(500),
  /** Files one account may upload within 10 minutes. */
  UPLOADS_PER_ACCOUNT_10_MINUTES: z.coerce.number().int().min(1).default(10),
  /**
   * Days the rows of an ERP import batch are kept after its last step (upload, apply, rollback);
   * then they are deleted (the batch's summary stays) and the batch can no longer be rolled back.
   */
  IMPORT_ROWS_KEEP_DAYS: z.coerce.number().int().min(1).default(90),
  /** Hours a stored picture or video of the catalog or the banners stays once nothing references it. */
  MEDIA_UNREFERENCED_GRACE_HOURS: z.coerce.number().int().min(1).default(24),
  /** Folder of the built web app; served at / when it exists. */
  WEB_DIST: z.string().optional(),
  /** Folder of the built back office (apps/admin); served under /admin/ when it exists. */
  ADMIN_DIST: z.string().optional(),
  /** Trust X-Forwarded-For from a proxy in front. */
  TRUST_PROXY: flag.default(false),
  /**
   * Server processes sharing the port (node:cluster), PostgreSQL only: one Node process uses one
   * core. Caches and, without REDIS_URL, rate limits are per process (docs/decisions/0009).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
});

export type Config = z.infer<typeof ConfigSchema> & { DEMO_DATA: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, DEMO_DATA: c.DEMO_DATA ?? c.DATABASE_URL === undefined };
}
