import { categories, makes, vehicleModels, vehicleSeries, warehouses } from '../db/schema/catalog';
import type { Executor } from './bulk-insert';
import type { CatalogRefs, KindRef, MakeRef } from './parts';
import { MAKES } from './definitions/vehicles';
import { CATEGORY_TREE } from './definitions/categories';
import { insertVinPatterns } from './vin-patterns';

/** The two warehouses (also inserted by a migration; kept here so any database can be seeded). */
export const WAREHOUSE_ROWS = [
  { id: 1, nameZh: '广州仓' },
  { id: 2, nameZh: '北京仓' },
];

export async function insertWarehouses(db: Executor): Promise<void> {
  await db.insert(warehouses).values(WAREHOUSE_ROWS).onConflictDoNothing();
}

/** Inserts makes, series, models and the category tree; returns their ids for the parts. */
export async function insertReferenceData(db: Executor): Promise<CatalogRefs> {
  const makeRefs: MakeRef[] = [];
  for (const [makeIndex, def] of MAKES.entries()) {
    const [make] = await db
      .insert(makes)
      .values({ nameZh: def.nameZh, nameEn: def.nameEn, sort: makeIndex + 1 })
      .returning({ id: makes.id });
    const ref: MakeRef = { def, id: make!.id, series: [] };
    for (const [seriesIndex, seriesDef] of def.series.entries()) {
      const [series] = await db
        .insert(vehicleSeries)
        .values({
          makeId: ref.id,
          nameZh: seriesDef.name,
          pic: `/media/vehicles/${def.slug}-${seriesIndex + 1}.svg`,
          sort: seriesIndex + 1,
        })
        .returning({ id: vehicleSeries.id });
      const models = await db
        .insert(vehicleModels)
        .values(
          seriesDef.models.map((m) => ({
            seriesId: series!.id,
            nameZh: m.name,
            chassisCode: m.chassis,
            engineCode: m.engine,
            transmission: m.transmission,
            displacement: m.displacement,
            yearFrom: m.yearFrom,
            yearTo: m.yearTo,
            vehicleType: m.type,
            pic: `/media/vehicles/${def.slug}-${seriesIndex + 1}.svg`,
          })),
        )
        .returning({ id: vehicleModels.id, nameZh: vehicleModels.nameZh });
      ref.series.push({
        def: seriesDef,
        id: series!.id,
        models: seriesDef.models.map((m) => ({ def: m, id: models.find((row) => row.nameZh === m.name)!.id })),
      });
    }
    makeRefs.push(ref);
  }
  await insertVinPatterns(db, makeRefs);

  const kindRefs: KindRef[] = [];
  for (const [groupIndex, group] of CATEGORY_TREE.entries()) {
    const [top] = await db
      .insert(categories)
      .values({ parentId: null, level: 1, lNameZh: group.name, sort: groupIndex + 1 })
      .returning({ id: categories.id });
    for (const [childIndex, child] of group.children.entries()) {
      const [mid] = await db
        .insert(categories)
        .values({ parentId: top!.id, level: 2, lNameZh: child.name, sort: childIndex + 1 })
        .returning({ id: categories.id });
      for (const [kindIndex, kind] of child.kinds.entries()) {
        const [leaf] = await db
          .insert(categories)
          .values({ parentId: mid!.id, level: 3, lNameZh: kind.name, sort: kindIndex + 1 })
          .returning({ id: categories.id });
        kindRefs.push({ def: kind, id: leaf!.id, code: String(101 + kindRefs.length) });
      }
    }
  }
  return { makes: makeRefs, kinds: kindRefs };
}
