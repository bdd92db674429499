import type { FastifyBaseLogger } from 'fastify';
import type { BrandKey } from '@shop/core/brand-variants';
import type { Db } from '../db/client';
import { demoReferenceDateToday, generateDemoData, isDatabaseEmpty } from './generate';

/**
 * Fills an empty database with demo data on start (DEMO_DATA): only when there are no
 * companies and no products, so a database with real data is never touched.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  options: { brand: BrandKey; parts: number; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  if (!(await isDatabaseEmpty(db))) {
    options.log.info('demo data: database not empty, nothing seeded');
    return;
  }
  options.log.info({ parts: options.parts, brand: options.brand }, 'demo data: seeding an empty database');
  const result = await generateDemoData(db, {
    parts: options.parts,
    brand: options.brand,
    referenceDate: demoReferenceDateToday(),
    log: (line) => options.log.info(`demo data: ${line}`),
    skipIfNotEmpty: true,
  });
  if (!result) {
    options.log.info('demo data: another process seeded the database first');
    return;
  }
  options.log.info(
    result,
    'demo data: seeded (accounts 13800000001-13800000005, staff admin/catalog/service/finance, password demo1234)',
  );
}
