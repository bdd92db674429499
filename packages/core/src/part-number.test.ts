import { expect, test } from 'vitest';
import { normalizePartNumber } from './part-number';

test.each([
  ['A 000 420 04 20', 'A0004200420'], // Mercedes-Benz as printed
  ['A0004200420', 'A0004200420'],
  ['a000-420-0420', 'A0004200420'],
  ['34 11 6 858 652', '34116858652'], // BMW
  ['1K0 698 151 A', '1K0698151A'], // Volkswagen
  ['04465-33471', '0446533471'], // Toyota
  ['LR.019.627', 'LR019627'], // Land Rover with dots
  ['Ａ０００　４２０', 'A000420'], // full-width input from a Chinese keyboard
  ['  \t', ''],
])('%s → %s', (input, expected) => {
  expect(normalizePartNumber(input)).toBe(expected);
});
