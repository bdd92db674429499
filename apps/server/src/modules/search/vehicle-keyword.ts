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

/** The separators of model names ('CR-V', 'A.4L'), left out like whitespace. */
const SEPARATOR_CHARS = '-_.·/';
const SEPARATORS = new RegExp(`[${SEPARATOR_CHARS}]`, 'gu');
const LEADING_SEPARATORS = new RegExp(`^[${SEPARATOR_CHARS}]+`, 'u');

/** Text as a vehicle name is compared: compactName (NFKC, lower case, no whitespace), no separators. */
export function vehicleKey(text: string): string {
  return compactName(text).replace(SEPARATORS, '');
}

/** One way a series or make may be typed, as a vehicleKey. */
interface VehicleName {
  scope: VehicleKeyword['scope'];
  key: string;
}

/**
 * The names of the series (make plus series, and the series alone), then of the makes, each in
 * the order they are tried: the longest first, then the lowest id. Made once per catalog load
 * (the search caches it), not per keyword.
 */
export type VehicleIndex = readonly VehicleName[];

export function vehicleIndex(series: readonly SeriesName[], makes: readonly MakeName[]): VehicleIndex {
  const ordered = (names: VehicleName[]) =>
    names.filter((n) => n.key.length > 0).sort((a, b) => b.key.length - a.key.length || a.scope.id - b.scope.id);
  return [
    ...ordered(
      series.flatMap((s) =>
        [s.make + s.name, s.name].map((text) => ({
          scope: { kind: 'series' as const, id: s.id },
          key: vehicleKey(text),
        })),
      ),
    ),
    ...ordered(makes.map((m) => ({ scope: { kind: 'make' as const, id: m.id }, key: vehicleKey(m.name) }))),
  ];
}

/**
 * The series the keyword starts with, else the make, by the first name of the index that the
 * keyword spells and that leaves a part name after it; null when none does.
 */
export function matchVehicleKeyword(index: VehicleIndex, keyword: string): VehicleKeyword | null {
  const compact = compactName(keyword);
  // The keyword read as vehicleKey reads it, and where in `compact` each folded length ends (only
  // after a whole character: a name must not end inside one).
  let folded = '';
  const endOf = new Map<number, number>();
  let offset = 0;
  for (const ch of compact) {
    offset += ch.length;
    const key = vehicleKey(ch);
    if (key.length === 0) continue;
    folded += key;
    endOf.set(folded.length, offset);
  }
  for (const name of index) {
    const end = endOf.get(name.key.length);
    if (end === undefined || !folded.startsWith(name.key)) continue;
    const rest = compact.slice(end).replace(LEADING_SEPARATORS, '');
    if (rest.length > 0) return { scope: name.scope, rest };
  }
  return null;
}
