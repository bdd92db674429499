import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { makes, productFitments, products, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import type { Executor } from '../../lib/events';
import { groupBy } from '../../lib/group-by';
import { fittedModels } from '../catalog/fitted-models';

/**
 * The text copies a part keeps of the vehicles it fits (products.l_model_zh and engines), as the
 * dealer's rows and the name search show them: per series '宝马5系 G38/G30 2017-2023', joined by
 * ' / ', and the engine codes once each, comma-separated. The demo generator and the back office
 * both write them with these functions.
 */
export interface FittedModel {
  makeName: string;
  seriesId: number;
  seriesName: string;
  chassis: string;
  engine: string;
  yearFrom: number;
  yearTo: number | null;
}

/** '2017-2023', or '2017-' when one of the models is still built. */
export function yearsText(models: readonly { yearFrom: number; yearTo: number | null }[]): string {
  const from = Math.min(...models.map((m) => m.yearFrom));
  const to = models.some((m) => m.yearTo === null) ? null : Math.max(...models.map((m) => m.yearTo ?? 0));
  return to === null ? `${from}-` : `${from}-${to}`;
}

/** l_model_zh: one entry per series in the order the models come. */
export function fitmentText(models: readonly FittedModel[]): string {
  const series = [...new Set(models.map((m) => m.seriesId))];
  return series
    .map((id) => {
      const of = models.filter((m) => m.seriesId === id);
      const first = of[0]!;
      const chassis = [...new Set(of.map((m) => m.chassis))].join('/');
      return `${first.makeName}${first.seriesName} ${chassis} ${yearsText(of)}`;
    })
    .join(' / ');
}

/** engines: each engine code once, in the order the models come. */
export function enginesText(models: readonly Pick<FittedModel, 'engine'>[]): string {
  return [...new Set(models.map((m) => m.engine))].join(',');
}

/**
 * Writes l_model_zh and engines again for the parts `productIds` selects (a list, or a subquery
 * of ids), from their fitments as they are now: after a part's fitments change, or a make,
 * series or model they name does.
 */
export async function refreshFitmentTexts(tx: Executor, productIds: number[] | SQL): Promise<void> {
  const ids = Array.isArray(productIds) ? productIds : sql`(${productIds})`;
  const fitted = await fittedModels(
    tx,
    {
      productId: productFitments.productId,
      makeName: makes.nameZh,
      seriesId: vehicleSeries.id,
      seriesName: vehicleSeries.nameZh,
      chassis: vehicleModels.chassisCode,
      engine: vehicleModels.engineCode,
      yearFrom: vehicleModels.yearFrom,
      yearTo: vehicleModels.yearTo,
    },
    inArray(productFitments.productId, ids),
    [asc(makes.sort), asc(vehicleSeries.sort), asc(vehicleSeries.id), asc(vehicleModels.id)],
  );
  const byPart = groupBy(
    fitted,
    (f) => f.productId,
    (f) => f,
  );
  const partIds = Array.isArray(productIds) ? productIds : [...byPart.keys()];
  if (partIds.length === 0) return;
  const texts = partIds.map((id) => fitmentText(byPart.get(id) ?? []));
  const engines = partIds.map((id) => enginesText(byPart.get(id) ?? []));
  await tx.execute(sql`update ${products} p set l_model_zh = v.t, engines = v.e
    from unnest(${sql.param(partIds)}::int[], ${sql.param(texts)}::text[], ${sql.param(engines)}::text[]) as v(id, t, e) where p.id = v.id`);
}
