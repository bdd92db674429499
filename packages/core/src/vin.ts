/**
 * Vehicle identification numbers (spec.md section 5, 'VIN check'): exactly 17 characters,
 * upper-case letters and digits without I, O and Q, and a check digit at position 9 computed
 * with the standard weights and transliteration table, mod 11 (X for 10).
 */
export const VIN_LENGTH = 17;

/** No valid VIN in a photo (spec.md section 8; body status 404 of POST /api/Vin/ocr). */
export const NO_VIN_IN_IMAGE_TEXT = '未识别到图片中的车架号';

const VIN_CHARS = /^[A-HJ-NPR-Z0-9]{17}$/;

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

function charValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  return TRANSLITERATION[ch] ?? 0;
}

/** The check digit ('0'..'9' or 'X') that position 9 must hold; undefined for a malformed VIN. */
export function vinCheckDigit(vin: string): string | undefined {
  if (!VIN_CHARS.test(vin)) return undefined;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += charValue(vin[i] as string) * (WEIGHTS[i] as number);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** True when `input` is a valid VIN; the search box uses the same test to send it to the VIN page. */
export function isValidVin(input: string): boolean {
  const check = vinCheckDigit(input);
  return check !== undefined && input[8] === check;
}

/**
 * Model-year codes of position 10 (ISO 3779 / 49 CFR 565): A–Y without I, O, Q, U, Z and 0 for
 * 1980–2009, then 1–9 for 2001–2009; the cycle repeats every 30 years (A is 1980 and 2010).
 */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const YEAR_CYCLE_START = 1980;
const YEAR_CYCLE = 30;

export interface ModelYear {
  /** The year we take: see decodeModelYear. */
  year: number;
  /**
   * Every year the code can stand for from 1980 on, oldest first (the code repeats every 30
   * years); only the year itself when position 7 settles it (North America).
   */
  candidates: number[];
}

/**
 * The model year of a VIN's position 10, with the 30-year cycle settled like this:
 *  - North American VINs (first character 1–5) of passenger cars follow the NHTSA rule: a digit
 *    at position 7 means 1980–2009, a letter 2010–2039;
 *  - otherwise the latest year that is not later than next year (makers sell next year's models
 *    from the summer on), so 'K' is 2019, not 1989, and 'Y' is 2000 until 2029.
 * Undefined when the VIN is malformed or position 10 holds no year code (0, U, Z).
 */
export function decodeModelYear(vin: string, now: Date = new Date()): ModelYear | undefined {
  if (!VIN_CHARS.test(vin)) return undefined;
  const index = YEAR_CODES.indexOf(vin[9] as string);
  if (index < 0) return undefined;
  const latest = now.getUTCFullYear() + 1;
  const candidates: number[] = [];
  for (let year = YEAR_CYCLE_START + index; year <= latest; year += YEAR_CYCLE) candidates.push(year);
  if (candidates.length === 0) return undefined;
  if (/^[1-5]/.test(vin)) {
    const firstCycle = !/[A-Z]/.test(vin[6] as string);
    const byRule = candidates.find((y) => (firstCycle ? y < 2010 : y >= 2010 && y < 2040));
    if (byRule !== undefined) return { year: byRule, candidates: [byRule] };
  }
  return { year: candidates[candidates.length - 1] as number, candidates };
}

/**
 * Why `input` is not a valid VIN, in Chinese for the user; undefined when it is one. The server
 * refuses with it and the VIN page shows it.
 */
export function vinProblem(input: string): string | undefined {
  if (input.length !== VIN_LENGTH) return `车架号应为${VIN_LENGTH}位，当前为${input.length}位`;
  if (/[IOQ]/.test(input)) return '车架号不含字母I、O、Q，请核对（可能是数字1或0）';
  if (!VIN_CHARS.test(input)) return '车架号只能由大写字母和数字组成';
  const check = vinCheckDigit(input);
  if (input[8] !== check) return `车架号校验位（第9位）不符，应为${check}，请核对是否输错`;
  return undefined;
}

/** A VIN-like input whose check digit (position 9) does not match (spec.md section 5 'VIN check'). */
export const VIN_CHECK_DIGIT_WRONG_TEXT = 'VIN 校验位不正确，疑似车架号输错了一位';

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** Characters commonly confused when a VIN is typed or read off a plate. */
const CONFUSED: readonly string[] = ['0DQO', '1I7L', '5S', '8B', '2Z', '6G', 'UV'];
/** At most this many corrections are offered. */
export const VIN_CORRECTIONS_MAX = 5;

function confused(a: string, b: string): boolean {
  return CONFUSED.some((group) => group.includes(a) && group.includes(b));
}

/**
 * Whether `input` looks like a VIN with one character wrong: 17 letters and digits (at most one
 * of I, O and Q, which a VIN never holds), mostly digits in the serial number (positions 12-17:
 * at least 4), yet not a valid VIN. A part number rarely looks so; the search box still offers to
 * search it as a number.
 */
export function looksLikeMistypedVin(input: string): boolean {
  return (
    /^[A-Z0-9]{17}$/.test(input) &&
    (input.slice(11).match(/\d/g) ?? []).length >= 4 &&
    (input.match(/[IOQ]/g) ?? []).length <= 1 &&
    !isValidVin(input)
  );
}

/**
 * The valid VINs that differ from `input` in one character, most likely first: a commonly confused
 * character (0/D/Q/O, 1/I/7, 5/S, 8/B, 2/Z, 6/G, U/V) before any other, then the check digit itself
 * (position 9: the rest as typed), then by position. At most `max`. [] when the input is not
 * 17 characters.
 */
export function vinCorrections(input: string, max: number = VIN_CORRECTIONS_MAX): string[] {
  const vin = input.toUpperCase();
  if (vin.length !== VIN_LENGTH || !/^[A-Z0-9]+$/.test(vin)) return [];
  const found: { vin: string; rank: number; position: number }[] = [];
  const bad = [...vin].flatMap((ch, i) => (/[IOQ]/.test(ch) ? [i] : []));
  for (let i = 0; i < VIN_LENGTH; i++) {
    // An I, O or Q elsewhere must be the character that changes.
    if (bad.length > 1 || (bad.length === 1 && bad[0] !== i)) continue;
    const typed = vin[i] as string;
    for (const ch of VIN_ALPHABET) {
      if (ch === typed) continue;
      const candidate = `${vin.slice(0, i)}${ch}${vin.slice(i + 1)}`;
      if (!isValidVin(candidate)) continue;
      const rank = confused(typed, ch) ? 0 : i === 8 ? 1 : 2;
      found.push({ vin: candidate, rank, position: i });
    }
  }
  found.sort((a, b) => a.rank - b.rank || a.position - b.position);
  return found.slice(0, max).map((f) => f.vin);
}
