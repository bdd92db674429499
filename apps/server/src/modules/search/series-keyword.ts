import { compactName } from './name-text';

/**
 * The vehicle series a search keyword starts with ('宝马5系 刹车片', '5系刹车片', '宝马X5 刹车片',
 * '本田crv 刹车片'): the series part is compared as dealers type it, in any case, full- or
 * half-width, with or without spaces, dashes or dots ('CR-V', 'crv', 'ＣＲ－Ｖ' are the same), and
 * the rest of the keyword is the part name to look for within that series.
 */
export interface SeriesName {
  id: number;
  /** The make's Chinese name ('宝马'). */
  make: string;
  /** The series' name ('X5', '5系', 'CR-V'). */
  name: string;
}

export interface SeriesKeyword {
  seriesId: number;
  /** The keyword after the series, as the name search compares it (compactName). */
  rest: string;
}

/** Characters a series name is compared without: whitespace and the separators of model names. */
const SEPARATORS = /[\s\-_.·/]/gu;

/** Text as a series name is compared: NFKC (full-width → half-width), lower case, no separators. */
export function seriesKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(SEPARATORS, '');
}

/**
 * The length (in UTF-16 units) of the start of `keyword` that spells `key` (a seriesKey), reading
 * the keyword character by character as seriesKey reads it; null when it does not start with it.
 */
function spelledLength(keyword: string, key: string): number | null {
  let matched = 0;
  let length = 0;
  for (const ch of keyword) {
    if (matched === key.length) break;
    const folded = seriesKey(ch);
    if (folded.length > 0) {
      if (!key.startsWith(folded, matched)) return null;
      matched += folded.length;
    }
    length += ch.length;
  }
  return matched === key.length ? length : null;
}

/**
 * The longest series name (make plus series, or the series alone) that the keyword starts with
 * and that leaves a part name after it, the lowest id among equally long ones; null when none does.
 */
export function matchSeriesKeyword(series: readonly SeriesName[], keyword: string): SeriesKeyword | null {
  const compact = compactName(keyword);
  let best: { id: number; keyLength: number; rest: string } | null = null;
  for (const s of series) {
    for (const key of [seriesKey(s.make + s.name), seriesKey(s.name)]) {
      if (key.length === 0) continue;
      if (best && (key.length < best.keyLength || (key.length === best.keyLength && s.id > best.id))) continue;
      const length = spelledLength(compact, key);
      if (length === null) continue;
      const rest = compact.slice(length).replace(/^[-_.·/]+/u, '');
      if (rest.length === 0) continue;
      best = { id: s.id, keyLength: key.length, rest };
    }
  }
  return best && { seriesId: best.id, rest: best.rest };
}
