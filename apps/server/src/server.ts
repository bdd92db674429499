import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { seedDemoDataIfEmpty } from './demo/seed-if-empty';

/** Starts the shop: opens and migrates the database, seeds demo data once, listens, shuts down cleanly. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const app = await buildApp({ config, database, closeDatabase: true });
  if (config.DEMO_DATA)
    await seedDemoDataIfEmpty(database.db, { brand: config.BRAND, parts: config.DEMO_PARTS, log: app.log });

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
    `shop ready on http://localhost:${config.PORT}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
