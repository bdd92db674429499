import { fillPattern, type Random } from './random';
import type { MakeDef } from './definitions/vehicles';
import type { PartKind } from './definitions/categories';

/**
 * Real-looking OE numbers in each maker's format:
 *   Mercedes 'A 205 420 04 20', BMW '34 11 6 858 652', VW/Audi/Porsche '5G0 698 151 A',
 *   Toyota '04465-33471', Honda '45022-TVA-A01', Land Rover 'LR016684', Jaguar 'T2H 7362',
 *   Volvo '31423302'.
 * `code` is the series code (chassis parts) or the engine's code (engine parts).
 */
export function oeNumber(rng: Random, make: MakeDef, kind: PartKind, code: string): string {
  const [mb = '000', bmw = '0000', vag = '000', toyota = '00000', honda = '00000'] = kind.oe.split('/');
  switch (make.style) {
    case 'mercedes': {
      const first = rng.chance(0.3) ? rng.pick(['000', '004', '002']) : code.padStart(3, '0');
      return `A ${first} ${mb} ${rng.digit()}${rng.digit()} ${rng.digit()}${rng.digit()}`;
    }
    case 'bmw': {
      const d = /^\d$/.test(code) ? code : rng.pick(['6', '7', '8']);
      return `${bmw.slice(0, 2)} ${bmw.slice(2)} ${d} ${fillPattern(rng, '### ###')}`;
    }
    case 'vag': {
      const suffix = rng.chance(0.55) ? ` ${rng.pick(['A', 'B', 'C', 'D', 'E', 'G', 'H', 'AB', 'AC', 'BA'])}` : '';
      return `${code} ${vag} ${fillPattern(rng, '###')}${suffix}`;
    }
    case 'toyota': {
      const mid = code.length === 2 ? `${code}${fillPattern(rng, '###')}` : fillPattern(rng, '#####');
      return `${toyota}-${mid}`;
    }
    case 'honda': {
      const mid = /^[0-9A-Z]{3}$/.test(code) ? code : fillPattern(rng, '@@@');
      return `${honda}-${mid}-${fillPattern(rng, '@##')}`;
    }
    case 'landrover':
      return `LR${fillPattern(rng, '0#####')}`;
    case 'jaguar':
      return `${/^[A-Z]\d[A-Z]$/.test(code) ? code : 'T2H'} ${fillPattern(rng, rng.chance(0.5) ? '####' : '#####')}`;
    case 'volvo':
      return `3${rng.pick(['1', '2', '0'])}${fillPattern(rng, '######')}`;
  }
}

/**
 * An older, superseded number of the same part: the maker's last digits changed (for VAG the
 * revision letter), as catalogs show it ('A 205 420 04 20' replaced 'A 205 420 02 20').
 */
export function supersededNumber(rng: Random, oe: string, make: MakeDef): string {
  if (make.style === 'vag') {
    const base = oe.replace(/ [A-Z]{1,2}$/, '');
    return rng.chance(0.5) ? base : `${base} ${rng.pick(['A', 'B', 'C', 'D'])}`;
  }
  const chars = oe.split('');
  let changed = 0;
  for (let i = chars.length - 1; i >= 0 && changed < 2; i--) {
    const ch = chars[i];
    if (ch !== undefined && /\d/.test(ch)) {
      chars[i] = String((Number(ch) + 1 + rng.int(0, 8)) % 10);
      changed++;
    }
  }
  return chars.join('');
}

/**
 * A number dealers search by besides the OE: Mercedes without the leading 'A', BMW's short
 * seven-digit number; for the other makers none (undefined).
 */
export function searchNumber(oe: string, make: MakeDef): string | undefined {
  if (make.style === 'mercedes') return oe.replace(/^A /, '');
  if (make.style === 'bmw') return oe.slice(6);
  return undefined;
}
