import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bench -- bundle`: gzip size of the JavaScript a first visit loads (the entry script and
 * what it imports statically, per index.html's modulepreload links) and of each lazy route chunk.
 * Run `npm run build` first.
 */
const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

function gz(file: string): number {
  return gzipSync(readFileSync(join(dist, file))).length;
}

export function runBundleBench(): void {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

  const initialJs = initial.reduce((sum, f) => sum + gz(f), 0);
  const initialCss = css.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
  console.log('\nweb bundle (gzip)');
  console.log(`  first load: ${kb(initialJs)} JS in ${initial.length} files (+ ${kb(initialCss)} CSS)`);
  const lazy = all.filter((f) => !initial.includes(`assets/${f}`)).map((f) => [f, gz(`assets/${f}`)] as const);
  lazy.sort((a, b) => b[1] - a[1]);
  for (const [f, size] of lazy) console.log(`  lazy ${f.padEnd(44)} ${kb(size)}`);
}
