import type { FastifyBaseLogger } from 'fastify';
import type { BrandKey } from '@shop/core/brand-variants';
import type { Db } from '../db/client';

// TODO(helper: demo data): generate the demo catalog and accounts when the database is empty.
export async function seedDemoDataIfEmpty(
  _db: Db,
  _options: { brand: BrandKey; parts: number; log: FastifyBaseLogger },
): Promise<void> {}
