import { isValidVin, VIN_LENGTH } from '@shop/core/vin';
import { lookupWmi } from './wmi';

/**
 * VIN candidates in OCR text. Letters a VIN never holds are read as the digits they resemble
 * (O and Q as 0, I as 1); a VIN printed in groups is joined again; and the check digit
 * (position 9) tells real VINs from misreads. Candidates that line up with the words of the
 * line (a word, or neighbouring words, of exactly 17 characters) count before 17-character
 * windows cut out of longer runs ('VIN:LFV…' read as one word).
 */
const CONFUSIONS: Record<string, string> = { O: '0', Q: '0', I: '1' };

function clean(word: string): string {
  return word.replace(/[OQI]/g, (c) => CONFUSIONS[c] ?? c);
}

export interface VinCandidate {
  vin: string;
  /** Made of whole words of the line. */
  aligned: boolean;
}

/** Every 17-character string of `text` that could be a VIN (valid or not). */
export function vinWindows(text: string): VinCandidate[] {
  const found: VinCandidate[] = [];
  for (const line of text.toUpperCase().split(/\r?\n/)) {
    const words = line
      .split(/[^A-Z0-9]+/)
      .filter(Boolean)
      .map(clean);
    for (let first = 0; first < words.length; first++) {
      let joined = '';
      for (let last = first; last < words.length && joined.length < VIN_LENGTH; last++) {
        joined += words[last];
        if (joined.length === VIN_LENGTH) found.push({ vin: joined, aligned: true });
      }
    }
    const compact = words.join('');
    for (let i = 0; i + VIN_LENGTH <= compact.length; i++) {
      found.push({ vin: compact.slice(i, i + VIN_LENGTH), aligned: false });
    }
  }
  return found;
}

/**
 * The valid VINs in `text`, aligned ones first, without repeats. A window cut out of a longer
 * run must also start with a WMI of a known maker or region: one window in eleven has a valid
 * check digit by chance.
 */
export function vinCandidates(text: string): VinCandidate[] {
  const valid = vinWindows(text).filter(
    (c) => isValidVin(c.vin) && (c.aligned || lookupWmi(c.vin.slice(0, 3)).country !== ''),
  );
  const aligned = new Set(valid.filter((c) => c.aligned).map((c) => c.vin));
  const rest = new Set(valid.filter((c) => !aligned.has(c.vin)).map((c) => c.vin));
  return [...[...aligned].map((vin) => ({ vin, aligned: true })), ...[...rest].map((vin) => ({ vin, aligned: false }))];
}

/**
 * The VIN to answer from the candidates of every pass: most votes (an aligned reading counts
 * twice), the earliest pass breaking ties.
 */
export function chooseVin(passes: VinCandidate[][]): string | undefined {
  const votes = new Map<string, { n: number; first: number }>();
  passes.forEach((candidates, pass) => {
    for (const c of candidates) {
      const v = votes.get(c.vin) ?? { n: 0, first: pass };
      v.n += c.aligned ? 2 : 1;
      votes.set(c.vin, v);
    }
  });
  let best: [string, { n: number; first: number }] | undefined;
  for (const entry of votes) {
    if (!best || entry[1].n > best[1].n || (entry[1].n === best[1].n && entry[1].first < best[1].first)) best = entry;
  }
  return best?.[0];
}

/**
 * The longest line of `text` in VIN characters, separators dropped ('LBVGB1A17  JA204513' → 17).
 * A VIN in the picture, even misread, gives a line of 11 or more in one of the first passes;
 * a picture without text gives scattered letters (the engine stops early on it).
 */
export function longestTextLine(text: string): number {
  let longest = 0;
  for (const line of text.toUpperCase().split(/\r?\n/))
    longest = Math.max(longest, line.replace(/[^A-Z0-9]/g, '').length);
  return longest;
}
