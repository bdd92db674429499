import cluster from 'node:cluster';
import pino from 'pino';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { EMBEDDED_MAINTENANCE_MS, maintainEmbeddedDatabase } from './db/embedded-maintenance';
import { buildApp } from './app';
import { pruneDispatchedEvents } from './lib/events';
import { createJobs } from './lib/jobs';
import { getBrandVariant } from '@shop/core/brand-variants';
import { MODULES } from './modules';
import { registerModuleJobs } from './platform/module';
import { createEventDispatcher } from './subscribers';
import { seedDemoDataIfEmpty } from './demo/seed-if-empty';

/**
 * Starts the shop: opens and migrates the database, seeds demo data once, listens, shuts down
 * cleanly. With WORKERS > 1 (PostgreSQL only) a primary process migrates and seeds, then starts
 * that many worker processes that share the port (node:cluster) and restarts one that dies.
 */
const WORKER_ENV = 'SHOP_CLUSTER_WORKER';
/** Dispatched events are kept this long (to look into), then pruned daily. */
const EVENTS_KEEP_DAYS = 7;
const PRUNE_EVENTS_MS = 24 * 60 * 60_000;

/** Migrates and, when asked, seeds demo data; `log` says what happened. */
async function prepareDatabase(config: Config, log: pino.BaseLogger) {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  if (config.DEMO_DATA) await seedDemoDataIfEmpty(database.db, { brand: config.BRAND, parts: config.DEMO_PARTS, log });
  return database;
}

async function runServer(config: Config, isWorker: boolean): Promise<void> {
  const started = performance.now();
  // Workers start on a database their primary has prepared.
  const database = isWorker
    ? await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
    : await prepareDatabase(config, pino({ level: config.LOG_LEVEL }));
  const app = await buildApp({ config, database, closeDatabase: true });
  // Events after commit: this process's dispatcher hands the outbox's events to the subscribers.
  const variant = getBrandVariant(config.BRAND);
  const stopDispatcher = createEventDispatcher(
    database.db,
    {
      onError: (err, event) => app.log.error({ err, event }, 'event subscriber failed; the event will be retried'),
      // Subscribers push to the live sockets of every process (the hub, realtime/hub.ts).
      realtime: app.realtime,
    },
    variant,
  ).start((err) => app.log.error({ err }, 'event dispatch failed'));
  // Periodic jobs, each once per cluster (lib/jobs.ts).
  const jobs = createJobs(database, (name, err) => app.log.error({ err, job: name }, 'job failed'));
  registerModuleJobs(jobs, MODULES, variant, database, config);
  jobs.every('prune-dispatched-events', PRUNE_EVENTS_MS, () => pruneDispatchedEvents(database.db, EVENTS_KEEP_DAYS));
  if (database.driver === 'pglite') {
    jobs.every('embedded-maintenance', EMBEDDED_MAINTENANCE_MS, () => maintainEmbeddedDatabase(database.db));
  }
  // Stopped before the database closes (that is an onClose hook).
  app.addHook('preClose', async () => {
    await Promise.all([jobs.stop(), stopDispatcher()]);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { driver: database.driver, brand: config.BRAND, startupMs: Math.round(performance.now() - started) },
    isWorker ? `worker ${process.pid} ready` : `shop ready on http://localhost:${config.PORT}`,
  );
}

async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL });
  const database = await prepareDatabase(config, log);
  await database.close();

  let closing = false;
  const fork = () => cluster.fork({ [WORKER_ENV]: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    fork();
  });
  let ready = 0;
  cluster.on('listening', () => {
    ready += 1;
    if (ready === config.WORKERS)
      log.info({ workers: config.WORKERS }, `shop ready on http://localhost:${config.PORT}`);
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  for (let i = 0; i < config.WORKERS; i++) fork();
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.env[WORKER_ENV] === '1') return runServer(config, true);
  if (config.WORKERS > 1 && config.DATABASE_URL) return runPrimary(config);
  if (config.WORKERS > 1)
    pino({ level: config.LOG_LEVEL }).warn('WORKERS needs DATABASE_URL: the embedded database serves one process');
  return runServer(config, false);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
