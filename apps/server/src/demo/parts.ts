import { normalizePartNumber } from '@shop/core/part-number';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { ProductNumberKind, ScmClassification } from '../db/schema/catalog';
import { Random, fillPattern } from './random';
import { oeNumber, searchNumber, supersededNumber } from './part-numbers';
import { enginesText, fitmentText } from '../modules/catalog-admin/fitment-text';
import type { MakeDef, ModelDef, SeriesDef } from './definitions/vehicles';
import type { PartKind } from './definitions/categories';

/**
 * Makes one demo part (with its numbers, fitment, prices and stock) from (seed, part number)
 * alone: pure and deterministic, so parts can be made in any batch size.
 */

export interface SeriesRef {
  def: SeriesDef;
  id: number;
  models: { def: ModelDef; id: number }[];
}
export interface MakeRef {
  def: MakeDef;
  id: number;
  series: SeriesRef[];
}
export interface KindRef {
  def: PartKind;
  /** Level-3 category id. */
  id: number;
  /** Code used in own part numbers (three digits). */
  code: string;
}

/** The inserted reference rows the parts point at. */
export interface CatalogRefs {
  makes: MakeRef[];
  kinds: KindRef[];
}

export interface PartContext {
  seed: number;
  variant: BrandVariant;
  refs: CatalogRefs;
  /** Part number → hot recommendation rank. */
  hotRanks: Map<number, number>;
  /** New-arrival times are spread over the 90 days before this. */
  referenceDate: Date;
  /** Engine code → models with it, per make. */
  engines: Map<MakeRef, Map<string, { series: SeriesRef; model: { def: ModelDef; id: number } }[]>>;
}

export interface GeneratedNumber {
  kind: ProductNumberKind;
  factory: string;
  number: string;
  numberNorm: string;
}

export interface GeneratedPart {
  id: number;
  freyNo: string;
  freyNoNorm: string;
  oeNumber: string;
  oeNumberNorm: string;
  lNameZh: string;
  productName: string;
  makeId: number;
  categoryId: number;
  lModelZh: string;
  engines: string;
  outboxFclQuantity: number;
  scmClassification: ScmClassification;
  consumableDays: number;
  isComingSoon: number;
  isDelisting: number;
  isOrderable: number;
  newArrivalAt: Date | null;
  hotRecommendRank: number | null;
  pic: string;
  numbers: GeneratedNumber[];
  modelIds: number[];
  prices: { key: string; amount: string }[];
  stocks: { warehouseId: number; available: number; inTransit: number }[];
}

/** Price of each key relative to the dealer price (the dealer price is always the lowest). */
const PRICE_FACTORS: Record<string, number> = {
  dealer_price: 1,
  purchase_price: 1.04,
  xianghe_price: 1.06,
  warehouse_price: 1.06,
  peer_price: 1.1,
  city_tax_price: 1.12,
  qpl_price: 1.15,
  distributor_price: 1.18,
  suggest_price: 1.38,
  retail_price: 1.45,
  terminal_price: 1.55,
  s4_price: 1.85,
};

const SCM_WEIGHTS: [ScmClassification, number][] = [
  ['A', 10],
  ['XA', 5],
  ['B', 20],
  ['XB', 8],
  ['C', 25],
  ['XC', 10],
  ['D', 15],
  ['XD', 7],
];

export function buildEngineIndex(refs: CatalogRefs): PartContext['engines'] {
  const index: PartContext['engines'] = new Map();
  for (const make of refs.makes) {
    const byEngine = new Map<string, { series: SeriesRef; model: { def: ModelDef; id: number } }[]>();
    for (const series of make.series) {
      for (const model of series.models) {
        const list = byEngine.get(model.def.engine) ?? [];
        list.push({ series, model });
        byEngine.set(model.def.engine, list);
      }
    }
    index.set(make, byEngine);
  }
  return index;
}

/** The parts that are hot recommendations: 20 spread over the catalog, rank 1 first. */
export function hotRecommendRanks(total: number, count = 20): Map<number, number> {
  const ranks = new Map<number, number>();
  const n = Math.min(count, total);
  for (let r = 1; r <= n; r++) ranks.set(Math.floor(((r - 0.5) * total) / n) + 1, r);
  return ranks;
}

function money(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

function stockLevel(rng: Random, shares: [number, number, number, number]): number {
  const r = rng.float();
  if (r < shares[0]) return 0;
  if (r < shares[0] + shares[1]) return rng.int(1, 9);
  if (r < shares[0] + shares[1] + shares[2]) return rng.int(10, 100);
  return rng.int(101, 2400);
}

/** Hot recommendations are everyday sellers. */
const HOT_KINDS = new Set([
  'brake-pad',
  'brake-disc',
  'oil-filter',
  'air-filter',
  'cabin-filter',
  'spark-plug',
  'wiper-blade',
]);

export function generatePart(ctx: PartContext, id: number): GeneratedPart {
  const rng = new Random(ctx.seed, 1, id);
  const hotRank = ctx.hotRanks.get(id) ?? null;
  const make = rng.weighted(ctx.refs.makes, (m) => m.def.weight);
  const kinds = hotRank === null ? ctx.refs.kinds : ctx.refs.kinds.filter((k) => HOT_KINDS.has(k.def.slug));
  const kind = rng.weighted(kinds, (k) => k.def.weight);

  // Fitment: every model of the make with one engine, or (part of) one or two series.
  let fitted: { series: SeriesRef; model: { def: ModelDef; id: number } }[];
  let code: string;
  if (kind.def.fits === 'engine') {
    const engines = [...(ctx.engines.get(make)?.entries() ?? [])];
    const [engine, models] = rng.weighted(engines, ([, list]) => list.length);
    fitted = models;
    code = make.def.engineCodes[engine] || fitted[0]!.series.def.code;
  } else {
    const series = rng.pick(make.series);
    const models = rng.chance(0.7) ? series.models : rng.sample(series.models, rng.int(1, series.models.length));
    fitted = models.map((model) => ({ series, model }));
    if (make.series.length > 1 && rng.chance(0.2)) {
      const sibling = rng.pick(make.series.filter((s) => s !== series));
      fitted.push(...sibling.models.map((model) => ({ series: sibling, model })));
    }
    code = series.def.code;
  }
  const seriesList = [...new Set(fitted.map((f) => f.series))];
  const primary = seriesList[0]!;
  const fittedModels = fitted.map(({ series, model }) => ({
    makeName: make.def.nameZh,
    seriesId: series.id,
    seriesName: series.def.name,
    chassis: model.def.chassis,
    engine: model.def.engine,
    yearFrom: model.def.yearFrom,
    yearTo: model.def.yearTo,
  }));
  const lModelZh = fitmentText(fittedModels);
  const engines = enginesText(fittedModels);

  const lNameZh = rng.pick(kind.def.names);
  const productName = `${make.def.nameZh}${primary.def.name} ${lNameZh}`;
  const prefix = ctx.variant.ownCodePrefix;
  const freyNo = `${prefix}${kind.code}-${String(id).padStart(7, '0')}`;

  // Numbers: the OE, sometimes a second OE, 2-3 replacements, an old number, search numbers.
  const oe = oeNumber(rng, make.def, kind.def, code);
  const numbers: GeneratedNumber[] = [];
  const seen = new Set<string>([normalizePartNumber(freyNo)]);
  const add = (kindOfNumber: ProductNumberKind, factory: string, number: string) => {
    const numberNorm = normalizePartNumber(number);
    if (numberNorm.length < 3 || seen.has(numberNorm)) return;
    seen.add(numberNorm);
    numbers.push({ kind: kindOfNumber, factory, number, numberNorm });
  };
  add('oe', make.def.nameZh, oe);
  if (rng.chance(0.45)) {
    const other = seriesList[1] ?? rng.pick(make.series);
    add('oe', make.def.nameZh, oeNumber(rng, make.def, kind.def, kind.def.fits === 'engine' ? code : other.def.code));
  }
  const replacementCount = Math.min(kind.def.replacements.length, rng.chance(0.5) ? 3 : 2);
  for (const [factory, pattern] of rng.sample(kind.def.replacements, replacementCount)) {
    add('replacement', factory, fillPattern(rng, pattern));
  }
  if (rng.chance(0.45)) add('old', make.def.nameZh, supersededNumber(rng, oe, make.def));
  const short = searchNumber(oe, make.def);
  if (short) add('search', make.def.nameZh, short);
  if (rng.chance(0.35)) add('search', ctx.variant.brand, `${prefix}${fillPattern(rng, '######')}`);

  // Status flags; hot recommendations are always available parts.
  const isComingSoon = hotRank === null && rng.chance(0.02) ? 1 : 0;
  const isDelisting = hotRank === null && !isComingSoon && rng.chance(0.03) ? 1 : 0;

  // Stock: zero, tight (<10), normal and large (>100) in Guangzhou; Beijing holds less.
  let gz = isComingSoon ? 0 : stockLevel(rng, [0.12, 0.18, 0.45, 0.25]);
  const bj = isComingSoon ? 0 : stockLevel(rng, [0.35, 0.25, 0.3, 0.1]);
  if (hotRank !== null && gz === 0) gz = rng.int(20, 300);
  const inTransitGz = isComingSoon || rng.chance(0.25) ? rng.int(10, 500) : 0;
  const inTransitBj = rng.chance(0.1) ? rng.int(5, 120) : 0;
  const consumableDays = gz === 0 ? 0 : rng.chance(0.15) ? rng.int(1, 6) : rng.int(7, 180);
  const isOrderable = isComingSoon ? 1 : isDelisting ? (gz + bj > 0 ? 1 : 0) : 1;

  // Prices: the dealer price from the kind's range (cheaper parts more common), the others above it.
  const [low, high] = kind.def.price;
  const dealer = Math.round(low + (high - low) * rng.float() ** 1.6) + rng.pick([0, 0.5, 0.8]);
  const prices = ctx.variant.priceLabels.map((label) => {
    const factor = PRICE_FACTORS[label.key] ?? 1.2;
    const jitter = factor === 1 ? 1 : 1 + (rng.float() - 0.5) * 0.04;
    return { key: label.key, amount: money(dealer * factor * jitter) };
  });

  const isNew = isDelisting === 0 && rng.chance(0.04);
  const newArrivalAt = isNew ? new Date(ctx.referenceDate.getTime() - rng.int(0, 90 * 24 * 3600) * 1000) : null;

  return {
    id,
    freyNo,
    freyNoNorm: normalizePartNumber(freyNo),
    oeNumber: oe,
    oeNumberNorm: normalizePartNumber(oe),
    lNameZh,
    productName,
    makeId: make.id,
    categoryId: kind.id,
    lModelZh,
    engines,
    outboxFclQuantity: rng.pick(kind.def.carton),
    scmClassification: rng.weighted(SCM_WEIGHTS, ([, w]) => w)[0],
    consumableDays,
    isComingSoon,
    isDelisting,
    isOrderable,
    newArrivalAt,
    hotRecommendRank: hotRank,
    pic: `/media/parts/${kind.def.slug}-${rng.int(1, 6)}.svg`,
    numbers,
    modelIds: [...new Set(fitted.map((f) => f.model.id))],
    prices,
    stocks: [
      { warehouseId: 1, available: gz, inTransit: inTransitGz },
      { warehouseId: 2, available: bj, inTransit: inTransitBj },
    ],
  };
}
