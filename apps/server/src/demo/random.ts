/**
 * Deterministic pseudo-random numbers for the demo data. Every part gets its own generator,
 * derived from (seed, stream, index), so a part's data does not depend on batch size, order
 * or how many parts were made before it: the same seed always makes the same rows.
 */

/** 32-bit mix (splitmix32 finaliser). */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0, index = 0) {
    this.a = mix32(seed ^ 0x9e3779b9);
    this.b = mix32(this.a ^ Math.imul(stream + 1, 0x85ebca6b));
    this.c = mix32(this.b ^ Math.imul(index + 1, 0xc2b2ae35));
    this.d = mix32(this.c ^ 0x27d4eb2f) | 1;
    for (let i = 0; i < 8; i++) this.next();
  }

  /** sfc32: a uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let r = this.float() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** Up to n distinct items, in a random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      const i = Math.floor(this.float() * copy.length);
      out.push(copy[i] as T);
      copy.splice(i, 1);
    }
    return out;
  }

  digit(): string {
    return String(this.int(0, 9));
  }

  /** A capital letter, without I and O (they look like 1 and 0 on labels). */
  letter(): string {
    return this.pick(LETTERS);
  }
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'.split('');

/**
 * Fills a number pattern: '#' a digit, '@' a letter, '*' a digit or letter; every other
 * character is kept ('GDB####' → 'GDB1748', '0 986 494 ###' → '0 986 494 294').
 */
export function fillPattern(rng: Random, pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += rng.digit();
    else if (ch === '@') out += rng.letter();
    else if (ch === '*') out += rng.chance(0.7) ? rng.digit() : rng.letter();
    else out += ch;
  }
  return out;
}
