/**
 * Part numbers are stored as shown and in a normalised form: upper case, letters and digits
 * only (full-width characters folded first), so 'A 000 420 04 20', 'A0004200420' and 'a000-420-0420' are the same number.
 */
export function normalizePartNumber(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}
