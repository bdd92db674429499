import { vinCheckDigit } from '@shop/core/vin';
import { vehicleVinPatterns } from '../db/schema/vin';
import type { Executor } from './bulk-insert';
import type { MakeDef, ModelDef, SeriesDef } from './definitions/vehicles';
import type { MakeRef } from './parts';

/**
 * VIN patterns for the demo vehicle models (modules/vin places a VIN with them): the WMI of the
 * maker that builds the series for China (北京奔驰 LE4, 华晨宝马 LBV, 一汽-大众 LFV, ...; imported
 * series keep the home WMI), and a VDS pattern made from the make, series and model positions:
 * position 4 the series, 5 the model, 6 the engine, 7 any (restraint system), 8 the body type.
 * Deterministic: the same definitions give the same patterns.
 */

/** WMI per make (nameEn) and series name; '*' is the make's default. */
const SERIES_WMI: Record<string, Record<string, string>> = {
  'Mercedes-Benz': { '*': 'LE4', S级: 'WDD' },
  BMW: { '*': 'LBV', X5: '5UX' },
  Audi: { '*': 'LFV' },
  'Land Rover': { '*': 'SAL' },
  Volvo: { '*': 'LYV', S90: 'LVY', S60L: 'LVY', XC90: 'YV4' },
  Volkswagen: { '*': 'LSV', 迈腾: 'LFV', 高尔夫: 'LFV' },
  Toyota: { '*': 'LFM', 凯美瑞: 'LVG', 汉兰达: 'LVG' },
  Honda: { '*': 'LHG', 思域: 'LVH', 'CR-V': 'LVH' },
  Porsche: { '*': 'WP1', Panamera: 'WP0' },
  Jaguar: { '*': 'SAJ' },
};

/** VIN letters (no I, O, Q) and digits. */
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const BODY: Record<ModelDef['type'], string> = { 轿车: '1', SUV: '2', MPV: '3', 跑车: '4', 旅行车: '5' };

export function seriesWmi(make: MakeDef, series: SeriesDef): string {
  const table = SERIES_WMI[make.nameEn];
  const wmi = table?.[series.name] ?? table?.['*'];
  if (!wmi) throw new Error(`no WMI for ${make.nameEn} ${series.name}`);
  return wmi;
}

export interface DemoVinPattern {
  wmi: string;
  vdsPattern: string;
  yearFrom: number;
  yearTo: number | null;
}

export function vinPatternOf(
  makeIndex: number,
  make: MakeDef,
  seriesIndex: number,
  modelIndex: number,
): DemoVinPattern {
  const series = make.series[seriesIndex]!;
  const model = series.models[modelIndex]!;
  const engines = Object.keys(make.engineCodes);
  const vds =
    LETTERS[(makeIndex * 5 + seriesIndex) % LETTERS.length]! +
    LETTERS[(modelIndex * 3 + seriesIndex) % LETTERS.length]! +
    String(Math.max(0, engines.indexOf(model.engine)) + 1) +
    '*' +
    BODY[model.type];
  return { wmi: seriesWmi(make, series), vdsPattern: vds, yearFrom: model.yearFrom, yearTo: model.yearTo };
}

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * A valid VIN of a demo model: its pattern with the wildcard filled, the model year `year`
 * (default: its first year), plant 'A' and a serial; the check digit computed.
 */
export function demoVin(pattern: DemoVinPattern, serial = 100001, year = pattern.yearFrom): string {
  const yearCode = YEAR_CODES[(year - 1980) % 30]!;
  const body = `${pattern.wmi}${pattern.vdsPattern.replace('*', 'A')}0${yearCode}A${String(serial).padStart(6, '0')}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

/** Inserts one VIN pattern per demo vehicle model. */
export async function insertVinPatterns(db: Executor, makes: MakeRef[]): Promise<void> {
  const rows: (typeof vehicleVinPatterns.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const [makeIndex, make] of makes.entries()) {
    for (const [seriesIndex, series] of make.series.entries()) {
      for (const [modelIndex, model] of series.models.entries()) {
        const pattern = vinPatternOf(makeIndex, make.def, seriesIndex, modelIndex);
        const key = `${pattern.wmi}${pattern.vdsPattern}`;
        if (seen.has(key)) throw new Error(`VIN pattern ${key} of ${model.def.name} is not unique`);
        seen.add(key);
        rows.push({ ...pattern, vehicleModelId: model.id });
      }
    }
  }
  if (rows.length > 0) await db.insert(vehicleVinPatterns).values(rows);
}
