import { compactName } from './name-text';

/**
 * The vehicle a search keyword starts with, and the part name after it:
 *  - a series, with or without its make ('宝马5系 刹车片', '5系刹车片', '宝马X5 刹车片',
 *    '本田crv 刹车片'): the parts of that name fitting the series;
 *  - else a make alone ('宝马 刹车片'): the parts of that name for the make.
 * Vehicle names are compared as dealers type them: in any case, full- or half-width, with or
 * without spaces, dashes or dots ('CR-V', 'crv', 'ＣＲ－Ｖ' are the same).
 */
export interface SeriesName {
  id: number;
  /** The make's Chinese name ('宝马'). */
  make: string;
  /** The series' name ('X5', '5系', 'CR-V'). */
  name: string;
}

export interface MakeName {
  id: number;
  /** The make's Chinese name ('宝马'). */
  name: string;
}

/** What the keyword names: a series or a make, and the part name after it. */
export interface VehicleKeyword {
  scope: { kind: 'series' | 'make'; id: number };
  /** The keyword after the vehicle, as the name search compares it (compactName). */
  rest: string;
}

/** Characters a vehicle name is compared without: whitespace and the separators of model names. */
const SEPARATORS = /[\s\-_.·/]/gu;

/** Text as a vehicle name is compared: NFKC (full-width → half-width), lower case, no separators. */
export function vehicleKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(SEPARATORS, '');
}

/**
 * The length (in UTF-16 units) of the start of `keyword` that spells `key` (a vehicleKey), reading
 * the keyword character by character as vehicleKey reads it; null when it does not start with it.
 */
function spelledLength(keyword: string, key: string): number | null {
  let matched = 0;
  let length = 0;
  for (const ch of keyword) {
    if (matched === key.length) break;
    const folded = vehicleKey(ch);
    if (folded.length > 0) {
      if (!key.startsWith(folded, matched)) return null;
      matched += folded.length;
    }
    length += ch.length;
  }
  return matched === key.length ? length : null;
}

/**
 * The longest of the names (each an id and the texts it may be typed as) that the keyword starts
 * with and that leaves a part name after it, the lowest id among equally long ones.
 */
function longestName(
  names: readonly { id: number; texts: string[] }[],
  keyword: string,
): { id: number; rest: string } | null {
  const compact = compactName(keyword);
  let best: { id: number; keyLength: number; rest: string } | null = null;
  for (const name of names) {
    for (const key of name.texts.map(vehicleKey)) {
      if (key.length === 0) continue;
      if (best && (key.length < best.keyLength || (key.length === best.keyLength && name.id > best.id))) continue;
      const length = spelledLength(compact, key);
      if (length === null) continue;
      const rest = compact.slice(length).replace(/^[-_.·/]+/u, '');
      if (rest.length === 0) continue;
      best = { id: name.id, keyLength: key.length, rest };
    }
  }
  return best && { id: best.id, rest: best.rest };
}

/**
 * The longest series name (make plus series, or the series alone) the keyword starts with; else
 * the make it starts with; null when neither leaves a part name after it.
 */
export function matchVehicleKeyword(
  series: readonly SeriesName[],
  makes: readonly MakeName[],
  keyword: string,
): VehicleKeyword | null {
  const inSeries = longestName(
    series.map((s) => ({ id: s.id, texts: [s.make + s.name, s.name] })),
    keyword,
  );
  if (inSeries) return { scope: { kind: 'series', id: inSeries.id }, rest: inSeries.rest };
  const ofMake = longestName(
    makes.map((m) => ({ id: m.id, texts: [m.name] })),
    keyword,
  );
  return ofMake && { scope: { kind: 'make', id: ofMake.id }, rest: ofMake.rest };
}
