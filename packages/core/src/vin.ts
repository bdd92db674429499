/**
 * Vehicle identification numbers (spec.md section 5, 'VIN check'): exactly 17 characters,
 * upper-case letters and digits without I, O and Q, and a check digit at position 9 computed
 * with the standard weights and transliteration table, mod 11 (X for 10).
 */
export const VIN_LENGTH = 17;

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
