import type { VinDecoded } from '@shop/core/api/vin';
import { decodeModelYear } from '@shop/core/vin';
import { lookupWmi } from './wmi';

/** What a (valid) VIN tells by itself: maker from the WMI table, model year, plant and serial. */
export function decodeVin(vin: string, now: Date = new Date()): VinDecoded {
  const wmi = vin.slice(0, 3);
  const maker = lookupWmi(wmi);
  const year = decodeModelYear(vin, now);
  return {
    vin,
    wmi,
    vds: vin.slice(3, 8),
    manufacturer: maker.manufacturer,
    make: maker.make,
    country: maker.country,
    model_year: year?.year ?? null,
    model_year_candidates: year?.candidates ?? [],
    plant_code: vin.slice(10, 11),
    serial: vin.slice(11),
  };
}

export interface VinPatternRow {
  vdsPattern: string;
  yearFrom: number;
  yearTo: number | null;
  vehicleModelId: number;
}

function vdsMatches(pattern: string, vds: string): boolean {
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== '*' && pattern[i] !== vds[i]) return false;
  return pattern.length === vds.length;
}

function fixedChars(pattern: string): number {
  return [...pattern].filter((c) => c !== '*').length;
}

/**
 * The catalog model of a VIN among the patterns of its WMI: the VDS must match, and the model
 * year must lie in the pattern's years. The decoded year is tried first, then the other years
 * position 10 can stand for (a 1993 car read as 2023 still finds its 1990s model). Among several
 * matches the pattern with the most fixed characters wins, then the lowest model id.
 */
export function matchVinPattern(decoded: VinDecoded, patterns: VinPatternRow[]): VinPatternRow | undefined {
  const years = decoded.model_year === null ? [] : [decoded.model_year];
  for (const y of [...decoded.model_year_candidates].reverse()) if (!years.includes(y)) years.push(y);
  for (const year of years) {
    const hits = patterns
      .filter((p) => vdsMatches(p.vdsPattern, decoded.vds) && p.yearFrom <= year && (p.yearTo ?? 9999) >= year)
      .sort((a, b) => fixedChars(b.vdsPattern) - fixedChars(a.vdsPattern) || a.vehicleModelId - b.vehicleModelId);
    if (hits[0]) return hits[0];
  }
  return undefined;
}
