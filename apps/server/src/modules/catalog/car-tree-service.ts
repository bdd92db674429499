import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makes, vehicleModels, vehicleSeries } from '../../db/schema/catalog';
import type { CarTree } from '@shop/core/api/catalog';

/** Makes → series → models, for the vehicle filter. */
export async function getCarTree(db: Db): Promise<CarTree> {
  const rows = await db
    .select({
      makeId: makes.id,
      makeName: makes.nameZh,
      seriesId: vehicleSeries.id,
      seriesName: vehicleSeries.nameZh,
      seriesPic: vehicleSeries.pic,
      model: vehicleModels,
    })
    .from(makes)
    .innerJoin(vehicleSeries, eq(vehicleSeries.makeId, makes.id))
    .innerJoin(vehicleModels, eq(vehicleModels.seriesId, vehicleSeries.id))
    .orderBy(
      asc(makes.sort),
      asc(makes.id),
      asc(vehicleSeries.sort),
      asc(vehicleSeries.id),
      asc(vehicleModels.yearFrom),
      asc(vehicleModels.id),
    );
  const list: CarTree['list'] = [];
  for (const row of rows) {
    let make = list.at(-1);
    if (make?.make_id !== row.makeId) {
      make = { make_id: row.makeId, brand_name_zh: row.makeName, series: [] };
      list.push(make);
    }
    let series = make.series.at(-1);
    if (series?.series_id !== row.seriesId) {
      series = { series_id: row.seriesId, series_name: row.seriesName, pic: row.seriesPic, models: [] };
      make.series.push(series);
    }
    const m = row.model;
    series.models.push({
      model_id: m.id,
      vehicle_group: m.nameZh,
      chassis_code: m.chassisCode,
      engine_name: m.engineCode,
      transmission: m.transmission,
      displacement: m.displacement,
      year: `${m.yearFrom}-${m.yearTo ?? ''}`,
    });
  }
  return { list };
}
