import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for a package whose `engines.node` shuts out the Node version the
 * README promises (package.json `engines`): every package in the lock must accept that version.
 * Only lower bounds (`>=N.M`) are checked; each `||` alternative with none accepts it.
 */
const root = new URL('../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8')) as Record<string, unknown>;

type Version = [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
};
const atLeast = (a: Version, b: Version) => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

/** Whether `version` meets the lower bounds of one of the range's alternatives. */
function meetsLowerBound(range: string, version: Version): boolean {
  return range.split('||').some((alternative) => {
    const bounds = [...alternative.matchAll(/>=\s*v?(\d+(?:\.\d+){0,2})/g)].map((m) => parse(m[1]!));
    return bounds.every((bound) => atLeast(version, bound));
  });
}

test('the lower-bound check tells a Node 22-only package from one that takes Node 20.19', () => {
  expect(meetsLowerBound('>=22', [20, 19, 0])).toBe(false);
  expect(meetsLowerBound('>=18', [20, 19, 0])).toBe(true);
  expect(meetsLowerBound('^20.19.0 || >=22.12.0', [20, 19, 0])).toBe(true);
  expect(meetsLowerBound('>= 20.20', [20, 19, 0])).toBe(false);
});

test('every package in package-lock.json runs on the Node version package.json promises', () => {
  const promised = (readJson('package.json').engines as { node: string }).node;
  const minimum = parse(/>=\s*([\d.]+)/.exec(promised)![1]!);
  const lock = readJson('package-lock.json') as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  const refusing = Object.entries(lock.packages)
    .filter(([, p]) => {
      const node = Array.isArray(p.engines) ? undefined : p.engines?.node;
      return node !== undefined && !meetsLowerBound(node, minimum);
    })
    .map(([path, p]) => `${path}@${p.version}`);
  expect(refusing).toEqual([]);
});
