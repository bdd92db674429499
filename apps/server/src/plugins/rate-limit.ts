import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/errors';

/**
 * A general per-address request limit for /api/*, generous enough for a busy dealer office
 * behind one address. With REDIS_URL the counters are shared by every process, else each
 * process counts in memory. Login failures have their own, stricter limits (modules/user).
 * A Redis outage does not stop the shop: requests then pass uncounted.
 */
export const RATE_LIMIT_TEXT = '请求过于频繁，请稍后再试';

export interface RateLimitOptions {
  /** Requests per address and window (default 1200). */
  max?: number;
  /** Window in milliseconds (default one minute). */
  timeWindowMs?: number;
  /** redis://... ; defaults to the configured REDIS_URL. */
  redisUrl?: string | undefined;
  /** The counters' key prefix in Redis (default 'shop-rate-limit:', shared by every process). */
  nameSpace?: string;
}

export default fp<RateLimitOptions>(
  async function rateLimitPlugin(app: FastifyInstance, opts) {
    const redisUrl = 'redisUrl' in opts ? opts.redisUrl : app.config.REDIS_URL;
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      redis.on('error', (err) => app.log.warn({ err }, 'rate limit: redis error'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }

    await app.register(fastifyRateLimit, {
      global: true,
      max: opts.max ?? 1200,
      timeWindow: opts.timeWindowMs ?? 60_000,
      ...(redis ? { redis, nameSpace: opts.nameSpace ?? 'shop-rate-limit:' } : {}),
      skipOnError: true,
      // Static files of the web app are not counted.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_TEXT),
    });
  },
  { name: 'shop-rate-limit' },
);
