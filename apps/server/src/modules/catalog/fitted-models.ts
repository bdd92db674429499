import { eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { makes, productFitments, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import type { Executor } from '../../lib/events';

/**
 * The vehicle models parts fit, each joined to its series and make: `fields` of them, for the
 * fitments `where` picks, in `order`.
 */
export async function fittedModels<F extends SelectedFields>(
  db: Pick<Executor, 'select'>,
  fields: F,
  where: SQL,
  order: SQL[],
): Promise<SelectResultFields<F>[]> {
  const rows = await db
    .select(fields as SelectedFields)
    .from(productFitments)
    .innerJoin(vehicleModels, eq(vehicleModels.id, productFitments.modelId))
    .innerJoin(vehicleSeries, eq(vehicleSeries.id, vehicleModels.seriesId))
    .innerJoin(makes, eq(makes.id, vehicleSeries.makeId))
    .where(where)
    .orderBy(...order);
  // Every join is inner, so each field is as its column has it (the builder cannot work that out for any F).
  return rows as SelectResultFields<F>[];
}
