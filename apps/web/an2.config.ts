import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
const fs = (globalThis as any).process.getBuiltinModule('node:fs');
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/webbench-an', emptyOutDir: true },
  plugins: [{
    name: 'an2',
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry) as any;
      const want = (process.env.AN_CHUNKS ?? '').split(',').filter(Boolean);
      const set = new Set<string>([entry.fileName]);
      const q = [entry.fileName];
      while (q.length) { const c = bundle[q.shift()!] as any; for (const i of c.imports) if (!set.has(i)) { set.add(i); q.push(i); } }
      for (const w of want) for (const [n, c] of Object.entries(bundle) as any) if (n.includes(w) && c.type === 'chunk') { set.add(n); for (const i of c.imports) set.add(i); }
      const mods: [string, number, string][] = [];
      for (const n of set) { const c = bundle[n] as any; for (const [id, m] of Object.entries(c.modules) as any) mods.push([id.replace(/^.*node_modules\//, '').replace(/^.*webbench\//, ''), m.renderedLength, n]); }
      mods.sort((a, b) => b[1] - a[1]);
      const total = mods.reduce((s, m) => s + m[1], 0);
      fs.writeFileSync('/tmp/webbench-an2.txt', `chunks ${[...set].join(' ')}\ntotal ${(total/1024).toFixed(0)}K\n` + mods.map(([id, l, n]) => `${(l / 1024).toFixed(1)}K ${id} [${n}]`).join('\n'));
    },
  }],
}));
