import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { idRef, writtenAt } from './columns';
import { vehicleModels } from './catalog';
import { ownerColumns } from './owner-columns';

/**
 * VIN lookup (modules/vin): which catalog vehicle model a VIN belongs to, and the log of VIN
 * searches behind each company's recent-VIN list.
 */

/**
 * A VIN pattern of a vehicle model: the WMI (positions 1–3), a VDS pattern for positions 4–8
 * where '*' matches any character, and the model years (position 10) it covers. A VIN is placed
 * by the matching pattern with the most fixed VDS characters.
 */
export const vehicleVinPatterns = pgTable(
  'vehicle_vin_patterns',
  {
    id: serial().primaryKey(),
    wmi: text().notNull(),
    vdsPattern: text().notNull(),
    yearFrom: smallint().notNull(),
    /** null: still built. */
    yearTo: smallint(),
    vehicleModelId: idRef(() => vehicleModels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('vehicle_vin_patterns_wmi_idx').on(t.wmi),
    index('vehicle_vin_patterns_model_idx').on(t.vehicleModelId),
    check('vehicle_vin_patterns_wmi_check', sql`${t.wmi} ~ '^[A-HJ-NPR-Z0-9]{3}$'`),
    check('vehicle_vin_patterns_vds_check', sql`${t.vdsPattern} ~ '^[A-HJ-NPR-Z0-9*]{5}$'`),
  ],
);

/** One VIN search of an account (searchproduct / searchproduct_frey), for gethotlist. */
export const vinSearches = pgTable(
  'vin_searches',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    vin: text().notNull(),
    /** The catalog model it was placed on; null when not placed. */
    vehicleModelId: integer().references(() => vehicleModels.id, { onDelete: 'set null' }),
    modelYear: smallint(),
    /** What the list shows ('宝马 3系 325Li M运动套装', or the decoded maker). */
    vehicleName: text().notNull().default(''),
    createdAt: writtenAt(),
  },
  (t) => [
    index('vin_searches_company_time_idx').on(t.companyId, t.createdAt.desc()),
    // The back office's dashboard: the VINs we could not place, of a period.
    index('vin_searches_not_placed_idx')
      .on(t.createdAt)
      .where(sql`${t.vehicleModelId} is null`),
  ],
);
